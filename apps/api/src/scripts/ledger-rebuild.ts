// `npm run ledger:rebuild [-- --organisation <id>]`: recomputes every fact and the organisation rollup and
// prints every difference from what was stored (docs/domain.md, Recompute). Beside a running `npm start` it
// uses that server's embedded PostgreSQL; otherwise it starts it for the run.
import { parseArgs } from 'node:util';
import { rebuildLedger } from '@verdant/db/ledger/rebuild';
import { loadConfig } from '../config';
import { openCommandDatabase } from './database';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function rebuild() {
  const { values } = parseArgs({ options: { organisation: { type: 'string' } } });
  const organisationId = values.organisation === undefined ? undefined : Number(values.organisation);
  if (organisationId !== undefined && !Number.isInteger(organisationId)) {
    throw new Error('--organisation takes an organisation id');
  }
  const database = await openCommandDatabase(loadConfig(), { startIfStopped: true });
  if (!database) throw new Error('No database');
  try {
    const started = performance.now();
    const report = await rebuildLedger(database.pool, { organisationId });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      `Rebuilt ${report.meters} meters: ${report.facts} fact rows, ${report.rollupRows} rollup rows, in ${seconds} s.`,
    );
    say(`Fact rows that differed from the stored ones: ${report.factDifferenceCount}`);
    for (const d of report.factDifferences) {
      say(
        `  meter ${d.meterId}, ${d.month}: stored ${JSON.stringify(d.stored)}, rebuilt ${JSON.stringify(d.rebuilt)}`,
      );
    }
    say(`Organisation rollup rows that differed: ${report.rollupDifferenceCount}`);
    for (const d of report.rollupDifferences) {
      say(
        `  organisation ${d.organisationId}, ${d.month}, data type ${d.energyId}: stored ${JSON.stringify(d.stored)}, rebuilt ${JSON.stringify(d.rebuilt)}`,
      );
    }
    const shown = report.factDifferences.length + report.rollupDifferences.length;
    if (shown < report.factDifferenceCount + report.rollupDifferenceCount)
      say('(only the first ones are shown)');
  } finally {
    await database.close();
  }
}

rebuild().catch((err) => {
  process.stderr.write(`The ledger rebuild failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
