import type { BenchContext } from './context';
import { benchHourKwh, benchUsagePoint, writeGreenButtonZip } from './fixtures/green-button-large';
import { runLoadBench } from './load-harness';

const METERS = Number(process.env.BENCH_GB_METERS ?? 200);
const DAYS = Number(process.env.BENCH_GB_DAYS ?? 365);
/** 1 January 2025 00:00 Eastern standard time. */
const FROM = Date.parse('2025-01-01T05:00:00Z') / 1000;

/**
 * The data-load job on a year of hourly Green Button for 200 meters: one file per meter in a zip archive (the
 * year is 220 MB of XML, past one upload's 100 MB), each hour split into two derived half hours, upload to
 * fresh ledger; beside a plain COPY of the same hourly readings. BENCH_GB_METERS and BENCH_GB_DAYS scale it.
 */
export async function greenButtonBench(ctx: BenchContext) {
  console.log(`\n## Data-load job: Green Button, ${METERS} meters x ${DAYS} days of hourly data (zip)`);
  await runLoadBench(ctx, {
    database: 'bench_green_button',
    accounts: Array.from({ length: METERS }, (_, i) => benchUsagePoint(i)),
    filename: 'green-button.zip',
    write: (file) => writeGreenButtonZip(file, { meters: METERS, days: DAYS, from: FROM }),
    *rows() {
      for (let m = 0; m < METERS; m++)
        for (let h = 0; h < DAYS * 24; h++) yield [m, (FROM + h * 3600) * 1000, benchHourKwh(h)];
    },
  });
}
