import { writeFile } from 'node:fs/promises';
import type { BenchContext } from './context';
import { runLoadBench } from './load-harness';

const METERS = Number(process.env.BENCH_PM_METERS ?? 200);
const BILLS = Number(process.env.BENCH_PM_BILLS ?? 25);
const FIRST = { year: 2023, month: 1 };

/** The Portfolio Manager Meter ID of the bench's meter i. */
const meterId = (i: number) => `${7_000_000 + i}-0`;
/** The first day of the bill's month, as a UTC instant (ms). */
const start = (bill: number) => Date.UTC(FIRST.year, FIRST.month - 1 + bill, 1);
const usDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};
const usage = (meter: number, bill: number) => 20_000 + ((meter * 37 + bill * 101) % 5_000);

/**
 * The data-load job on a Portfolio Manager "Meter Entries" export of 5,000 bills (200 meters x 25 monthly bills,
 * as Excel saves it: title rows above the header, United States dates, each End Date the next bill's Start Date),
 * upload to fresh ledger: every row an invoice through the invoices service (its checks, bill audit and
 * recompute); beside a plain COPY of the same rows. BENCH_PM_METERS and BENCH_PM_BILLS scale it.
 */
export async function portfolioManagerBench(ctx: BenchContext) {
  console.log(
    `\n## Data-load job: Portfolio Manager export, ${METERS} meters x ${BILLS} bills (${(METERS * BILLS).toLocaleString('en')} bills; "readings" below are bills)`,
  );
  await runLoadBench(ctx, {
    database: 'bench_portfolio_manager',
    accounts: Array.from({ length: METERS }, (_, i) => meterId(i)),
    filename: 'meter-entries.csv',
    async write(file) {
      const lines = [
        'Bench Portfolio,,,,,,,,,,,',
        '11/28/2026 04:00 AM EST,,,,,,,,,,,',
        ',,,,,,,,,,,',
        'Property Name,Portfolio Manager ID,Portfolio Manager Meter ID,Meter Name,Meter Type,Start Date,End Date,Delivery Date,Usage/Quantity,Usage Units,Cost ($),Estimation?',
      ];
      for (let m = 0; m < METERS; m++)
        for (let b = 0; b < BILLS; b++)
          lines.push(
            `Bench site,1,${meterId(m)},Electric Grid Meter,Electric - Grid,${usDate(start(b))},${usDate(start(b + 1))},Not Available,${usage(m, b)},kWh (thousand Watt-hours),${(usage(m, b) * 0.21).toFixed(2)},No`,
          );
      const text = `${lines.join('\r\n')}\r\n`;
      await writeFile(file, text);
      return { readings: METERS * BILLS, bytes: Buffer.byteLength(text) };
    },
    *rows() {
      for (let m = 0; m < METERS; m++) for (let b = 0; b < BILLS; b++) yield [m, start(b), usage(m, b)];
    },
  });
}
