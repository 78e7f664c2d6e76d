import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Libraries that take 0.2-1 s each to load and serve one feature are loaded by that feature's first use, not when
 * the API starts (docs/decisions/tooling.md, Heavy libraries loaded on first use): a process answers sooner, and
 * each API test file, which starts the app afresh, pays for none of them unless it uses them.
 */
const HEAVY = ['echarts', 'zrender', 'pdfkit', 'exceljs', 'imapflow', 'mailparser', 'sharp'];

/**
 * A resolve hook that notes each package the app loads in the file HEAVY_SEEN names. The hook runs on the loader's
 * own thread: its writes to stdout are asynchronous and were lost when the process ended first (a run on Node 24
 * saw one package of dozens), so each name is appended to the file synchronously, before resolve answers.
 */
const HOOK = `
import { appendFileSync } from 'node:fs';
const seen = new Set();
export async function resolve(spec, context, next) {
  const found = await next(spec, context);
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(found.url);
  if (m && !seen.has(m[1])) {
    seen.add(m[1]);
    appendFileSync(process.env.HEAVY_SEEN, m[1] + '\\n');
  }
  return found;
}`;

describe('the API at start', () => {
  it('loads none of the heavy libraries until a feature needs one', () => {
    const app = path.resolve(import.meta.dirname, 'app.ts');
    const script = `
      import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));
      await import(${JSON.stringify(app)});`;
    const dir = mkdtempSync(path.join(tmpdir(), 'heavy-'));
    const seen = path.join(dir, 'seen.txt');
    let loaded: string[];
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, HEAVY_SEEN: seen },
        stdio: 'ignore',
      });
      loaded = readFileSync(seen, 'utf8').split('\n').filter(Boolean);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The check sees packages at all: Fastify and zod are loaded by every start.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'zod']));
    expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
  });
});
