import { HalfHourFolder } from '@verdant/domain/imports/fold';
import { parseGreenButtonBatches } from '@verdant/domain/imports/green-button';
import type { BenchContext } from './context';
import {
  benchHourKwh,
  benchUsagePoint,
  usagePointXml,
  writeGreenButtonZip,
} from './fixtures/green-button-large';
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

/**
 * The Green Button reader alone on the load bench's files (BENCH_GB_METERS of them, one after another, in
 * pieces as the zip gives them): CPU to parse, then to parse and fold onto the half-hour clock. No database.
 */
export async function greenButtonParseBench() {
  console.log(`\n## Green Button reader: ${METERS} meters x ${DAYS} days of hourly data`);
  // The files' text made first (about 1.2 MB a meter), so only the reader is timed.
  const files = Array.from({ length: METERS }, (_, i) => {
    const out: string[] = [];
    let text = '';
    for (const piece of usagePointXml(i, DAYS, FROM)) {
      text += piece;
      if (text.length >= 64 * 1024) {
        out.push(text);
        text = '';
      }
    }
    out.push(text);
    return out;
  });
  for (const fold of [false, true, false, true]) {
    const cpu = process.cpuUsage();
    let readings = 0;
    let days = 0;
    const folder = new HalfHourFolder('Pacific/Auckland');
    for (let m = 0; m < METERS; m++)
      for await (const batch of parseGreenButtonBatches(files[m] as string[])) {
        for (const e of batch) {
          const run = e.kind === 'readings' ? e.run : null;
          const one = e.kind === 'reading' ? e.reading : null;
          readings += run ? run.values.length : one ? 1 : 0;
          if (!fold) continue;
          const done = run ? folder.addRun(`${m}`, run) : one ? folder.add(`${m}`, one) : [];
          if (!Array.isArray(done)) throw new Error('the bench file folds whole hours');
          days += done.length;
        }
      }
    days += fold ? folder.flush().length : 0;
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000;
    console.log(
      `${fold ? 'parse and fold' : 'parse'}: ${readings.toLocaleString('en')} readings${fold ? `, ${days.toLocaleString('en')} days` : ''}, ${Math.round(ms)} ms of CPU = ${Math.round((readings / ms) * 1000).toLocaleString('en')} readings/s`,
    );
  }
}
