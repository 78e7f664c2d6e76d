import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SHARD_EXCEPTIONS } from './shard-exceptions';
import { loadParser, ownedTables, unpinnedTables } from './shard-readiness';

export interface ShardFindings {
  /** One line per statement that touches an unpinned owned table: FAIL or listed, call, tables, statement. */
  report: string[];
  /** The statements not covered by SHARD_EXCEPTIONS, as the run prints them. */
  failures: string[];
}

/**
 * Every statement of a call in a statement log that touches an organisation-owned table without pinning it to one
 * organisation, marked as listed when its call and tables are in SHARD_EXCEPTIONS (docs/scaling.md, Shard
 * readiness). The run's teardown and the re-check of a kept log (shard-recheck.ts) both read a log this way.
 */
export async function shardFindings(dir: string): Promise<ShardFindings> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jsonl'));
  const entries = new Map<string, { call: string; text: string }>();
  for (const f of files) {
    for (const line of (await readFile(path.join(dir, f), 'utf8')).split('\n')) {
      if (!line) continue;
      let e: { call: string; text: string };
      try {
        e = JSON.parse(line) as { call: string; text: string };
      } catch {
        continue; // A line still being written, in the log of a run not yet ended.
      }
      entries.set(`${e.call}\n${e.text}`, e);
    }
  }
  const failures: string[] = [];
  const report: string[] = [];
  if (entries.size === 0) return { report, failures };
  await loadParser();
  const owned = ownedTables();
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
  report.sort();
  return { report, failures };
}

/**
 * Reads the statement log of the run and names every statement of a call that touches an organisation-owned table
 * without pinning it, unless listed (shardFindings): such a statement fails the run. SHARD_CHECK=report only
 * prints how many there are (while a change is being made routable). SHARD_REPORT=<file> writes every finding
 * there, listed ones included, and keeps the raw log beside it (<file>.log).
 */
export async function checkShardReadiness(dir: string) {
  const { report, failures } = await shardFindings(dir);
  if (report.length === 0 && failures.length === 0 && (await readdir(dir)).length === 0) return;
  if (process.env.SHARD_REPORT) {
    await writeFile(process.env.SHARD_REPORT, `${report.join('\n')}\n`);
    await cp(dir, `${process.env.SHARD_REPORT}.log`, { recursive: true });
  }
  if (failures.length && process.env.SHARD_CHECK === 'report') {
    console.log(
      `\nShard readiness: ${failures.length} statements of the API's calls are not routable to one organisation ` +
        '(SHARD_REPORT=<file> lists them; without SHARD_CHECK=report they fail the run; docs/scaling.md).',
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
