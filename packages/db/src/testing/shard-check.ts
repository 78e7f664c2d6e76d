import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SHARD_EXCEPTIONS } from './shard-exceptions';
import { loadParser, ownedTables, unpinnedTables } from './shard-readiness';

/**
 * Reads the statement log of the run and names every statement of a call that touches an organisation-owned table
 * without pinning it to one organisation, unless the call and table are in SHARD_EXCEPTIONS (docs/scaling.md,
 * Shard readiness). With SHARD_CHECK=strict such a statement fails the run; without, the run prints how many there
 * are, until the list is complete. SHARD_REPORT=<file> writes every finding there, listed ones included.
 */
export async function checkShardReadiness(dir: string) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jsonl'));
  const entries = new Map<string, { call: string; text: string }>();
  for (const f of files) {
    for (const line of (await readFile(path.join(dir, f), 'utf8')).split('\n')) {
      if (!line) continue;
      const e = JSON.parse(line) as { call: string; text: string };
      entries.set(`${e.call}\n${e.text}`, e);
    }
  }
  if (entries.size === 0) return;
  await loadParser();
  const owned = ownedTables();
  const failures: string[] = [];
  const report: string[] = [];
  for (const { call, text } of entries.values()) {
    let unpinned: string[];
    try {
      unpinned = unpinnedTables(text, owned);
    } catch {
      continue; // Not one statement PostgreSQL's parser reads alone (none such is sent today).
    }
    if (unpinned.length === 0) continue;
    const excepted = SHARD_EXCEPTIONS.filter((x) => x.call.test(call));
    const left = unpinned.filter((t) => !excepted.some((x) => x.tables === '*' || x.tables.includes(t)));
    const shape = text.replace(/\s+/g, ' ').trim();
    report.push(`${left.length ? 'FAIL' : 'listed'}\t${call}\t${unpinned.join(',')}\t${shape}`);
    if (left.length)
      failures.push(`${call}: ${left.join(', ')} not pinned to one organisation\n    ${shape.slice(0, 300)}`);
  }
  if (process.env.SHARD_REPORT) {
    await writeFile(process.env.SHARD_REPORT, `${report.sort().join('\n')}\n`);
    await cp(dir, `${process.env.SHARD_REPORT}.log`, { recursive: true });
  }
  if (failures.length && process.env.SHARD_CHECK !== 'strict') {
    console.log(
      `\nShard readiness: ${failures.length} statements of the API's calls are not routable to one organisation ` +
        '(SHARD_REPORT=<file> lists them; SHARD_CHECK=strict fails the run for them; docs/scaling.md).',
    );
    return;
  }
  if (failures.length) {
    throw new Error(
      `Shard readiness: ${failures.length} statements of the API's calls touch organisation-owned tables without ` +
        `an equality on organisation_id (docs/scaling.md, Shard readiness):\n  ${failures.join('\n  ')}`,
    );
  }
}
