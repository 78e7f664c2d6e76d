import { writeFile } from 'node:fs/promises';
import { shardFindings } from './shard-check';

/**
 * Re-runs the shard-readiness check on a kept statement log (a run's `<SHARD_REPORT>.log`, or the log directory of
 * a run still going), with today's exceptions and parser rules, so a fix can be checked without the whole suite
 * (docs/scaling.md, Shard readiness):
 *
 *   npx tsx packages/db/src/testing/shard-recheck.ts <log dir> [call regexp] [> report]
 *
 * Prints the findings (FAIL or listed, call, tables, statement; tab-separated) of the calls the regexp matches,
 * then how many fail, on standard error.
 */
async function main() {
  const [dir, pattern, out] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: shard-recheck.ts <statement log dir> [call regexp] [report file]');
    process.exit(2);
  }
  const only = pattern ? new RegExp(pattern) : null;
  const { report } = await shardFindings(dir);
  const lines = report.filter((l) => !only || only.test(l.split('\t')[1] ?? ''));
  if (out) await writeFile(out, `${lines.join('\n')}\n`);
  else if (lines.length) console.log(lines.join('\n'));
  console.error(`${lines.filter((l) => l.startsWith('FAIL')).length} FAIL, ${lines.length} findings`);
}

await main();
