// The journeys split into shards of about equal time (docs/decisions/tooling.md, Shards of equal time): each
// journey file's seconds, measured in a whole run and kept in apps/web/e2e/journey-seconds.json, the longest file
// first to the shard with the least so far. `node scripts/journey-shards.mjs <log>...` writes that table again from
// the list reporter's lines of runs (`npm test` or `.ci/run` output, shard marks and colours allowed), each file's
// mean over the runs given; a .json among them is an earlier table, counted as one run.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { root } from './build-web.mjs';

export const JOURNEYS_DIR = path.join(root, 'apps/web/e2e');
export const SECONDS_FILE = path.join(JOURNEYS_DIR, 'journey-seconds.json');

/** The journey files, as Playwright's test list names them (relative to the journeys' folder). */
export function journeyFiles(dir = JOURNEYS_DIR) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
}

/**
 * `files` in `count` shards, each file in one, the shards' measured seconds as even as the files allow. A file
 * the table does not know (a new journey) counts as the table's median. Each shard's files in name order.
 */
export function planShards(files, seconds, count) {
  const measured = (f) => typeof seconds[f] === 'number' && seconds[f] > 0;
  const known = files
    .filter(measured)
    .map((f) => seconds[f])
    .sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const cost = (f) => (measured(f) ? seconds[f] : median);
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const longestFirst = [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const least = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    least.files.push(file);
    least.seconds += cost(file);
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}

/**
 * Each journey file's seconds summed from list reporter lines ('✓  3 apps/web/e2e/x.spec.ts:5:1 › … (21.0s)'),
 * first tries only: a retry measures a flake, not the journey.
 */
export function secondsFromLog(text) {
  const seconds = {};
  const line =
    /(?:✓|✘|-)\s+\d+\s+(?:\[[^\]]*\]\s+›\s+)?apps\/web\/e2e\/([\w.-]+\.spec\.ts):\d+:\d+ .*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/;
  const unit = { ms: 0.001, s: 1, m: 60 };
  for (const raw of text.split('\n')) {
    const m = line.exec(stripVTControlCharacters(raw));
    if (!m || raw.includes('(retry #')) continue;
    seconds[m[1]] = Math.round(((seconds[m[1]] ?? 0) + Number(m[2]) * unit[m[3]]) * 10) / 10;
  }
  return seconds;
}

/** Each file's mean over the runs that measured it: one run's seconds move by a fifth from machine to machine. */
export function meanSeconds(runs) {
  const sums = {};
  for (const run of runs) {
    for (const [file, s] of Object.entries(run)) {
      const [total, count] = sums[file] ?? [0, 0];
      sums[file] = [total + s, count + 1];
    }
  }
  return Object.fromEntries(
    Object.entries(sums)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, [total, count]]) => [file, Math.round((total / count) * 10) / 10]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sources = process.argv.slice(2);
  if (sources.length === 0) {
    console.error('usage: node scripts/journey-shards.mjs <run log or seconds table (.json)>...');
    process.exit(2);
  }
  const table = meanSeconds(
    sources.map((source) => {
      const text = readFileSync(source, 'utf8');
      return source.endsWith('.json') ? JSON.parse(text) : secondsFromLog(text);
    }),
  );
  writeFileSync(SECONDS_FILE, `${JSON.stringify(table, null, 2)}\n`);
  const files = journeyFiles();
  const missing = files.filter((f) => !(f in table));
  console.log(
    `${Object.keys(table).length} journey files measured; not in the logs: ${missing.join(', ') || 'none'}`,
  );
  for (const [i, shard] of planShards(files, table, 2).entries()) {
    console.log(`shard ${i + 1}: ${shard.files.length} files, ${Math.round(shard.seconds)} s`);
  }
}
