import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds code comments that point outside the repository: an issue number, or a document path that is not in
 * it. A comment that needs to point somewhere names a section of our own docs ("docs/domain.md, Time zones"),
 * and that section must exist (docs/decisions/docs.md, Comments cite our own docs).
 */

export const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps', 'packages', 'bench', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tsbuild', 'test-results', 'playwright-report', 'data']);
/** Applied migrations are history: they are never edited, comments included. */
const SKIP_PATHS = ['packages/db/migrations/'];
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/**
 * The product specification is the contract and is cited by name ("core-portal.md 9"); it is kept beside the
 * repository, not in it (docs/decisions/docs.md, The specification is cited by name).
 */
export const OUTSIDE_DOCS = new Set(['core-portal.md', 'data-portal.md']);

export interface Finding {
  file: string;
  line: number;
  problem: string;
  text: string;
}

export function sourceFiles(root = ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !SKIP_PATHS.some((p) => `${rel}/`.startsWith(p))) walk(rel);
      } else if (CODE.test(entry.name) || entry.name.endsWith('.sql')) {
        if (!SKIP_PATHS.some((p) => rel.startsWith(p))) found.push(rel);
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}

/** The comments of a file with the offset each starts at. */
export function commentsOf(file: string, text: string): { pos: number; text: string }[] {
  if (file.endsWith('.sql')) {
    return [...text.matchAll(/--[^\n]*/g)].map((m) => ({ pos: m.index ?? 0, text: m[0] }));
  }
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : /\.[mc]?js$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([pos, t]) => ({ pos, text: t }));
}

const ISSUE = /\bissues?\s+#?\d+/i;
const DOC_PATH = /(?:\.{0,2}\/)?(?:[\w.-]+\/)*[\w.-]+\.md\b/g;

/** Headings of a markdown file, normalised for comparison. */
const headingsCache = new Map<string, string[]>();
function headingsOf(file: string): string[] {
  let found = headingsCache.get(file);
  if (!found) {
    found = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6}\s/.test(l))
      .map((l) => normalise(l.replace(/^#+\s*/, '')));
    headingsCache.set(file, found);
  }
  return found;
}
const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[`*_"'“”‘’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The section a citation names: the words after the comma that follows its path. */
function citedSection(after: string): string | null {
  const m = /^,\s*([^,;:()\n*]+)/.exec(after);
  if (!m?.[1]) return null;
  const section = m[1].replace(/\.\s.*$/, '').replace(/\.$/, '');
  return normalise(section) || null;
}

/** Problems of one comment: issue numbers, missing documents, and sections the document does not have. */
export function problemsOf(file: string, comment: string, root = ROOT): string[] {
  const problems: string[] = [];
  const issue = ISSUE.exec(comment);
  if (issue) problems.push(`cites "${issue[0]}": name a section of our docs instead`);
  for (const m of comment.matchAll(DOC_PATH)) {
    const cited = m[0];
    if (OUTSIDE_DOCS.has(path.basename(cited))) continue;
    const candidates = [path.join(root, cited), path.join(root, path.dirname(file), cited)];
    const found = candidates.find((c) => existsSync(c));
    if (!found) {
      problems.push(`cites ${cited}, which is not in the repository`);
      continue;
    }
    const section = citedSection(comment.slice((m.index ?? 0) + cited.length));
    if (!section) continue;
    const headings = headingsOf(found);
    if (!headings.some((h) => h.startsWith(section) || section.startsWith(h))) {
      problems.push(`cites section "${section}" of ${cited}, which has no such heading`);
    }
  }
  return problems;
}

export function findBadReferences(root = ROOT): Finding[] {
  const findings: Finding[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (!/issue|\.md\b/i.test(text)) continue;
    for (const c of commentsOf(file, text)) {
      for (const problem of problemsOf(file, c.text, root)) {
        const line = text.slice(0, c.pos).split('\n').length;
        findings.push({ file, line, problem, text: c.text.split('\n')[0]?.slice(0, 120) ?? '' });
      }
    }
  }
  return findings;
}
