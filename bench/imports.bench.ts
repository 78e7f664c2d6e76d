import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HalfHourFolder } from '@verdant/domain/imports/fold';
import { parseNem12Batches } from '@verdant/domain/imports/nem12';
import type { BenchContext } from './context';
import { benchNmi, writeLargeNem12 } from './fixtures/nem12-large';
import { runLoadBench } from './load-harness';

const METERS = Number(process.env.BENCH_NEM12_METERS ?? 500);
const DAYS = Number(process.env.BENCH_NEM12_DAYS ?? 365);

/**
 * The NEM12 parser on the bench's large file: readings a second parsed from disk, then parsed and
 * folded onto the standard-time half-hour clock. No database: the import job's own bench measures end to end.
 */
export async function nem12ParseBench() {
  console.log(`\n## NEM12 parser: ${METERS} NMIs x ${DAYS} days of 30-minute data`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-nem12-'));
  try {
    const file = path.join(dir, 'large.nem12.csv');
    let t0 = performance.now();
    const { readings, bytes } = await writeLargeNem12(file, { meters: METERS, days: DAYS });
    const written = (performance.now() - t0) / 1000;
    console.log(`wrote ${readings} readings (${(bytes / 1e6).toFixed(1)} MB) in ${written.toFixed(1)} s`);

    t0 = performance.now();
    let count = 0;
    for await (const batch of parseNem12Batches(createReadStream(file)))
      for (const event of batch)
        if (event.kind === 'reading') count += 1;
        else if (event.kind === 'readings') count += event.run.values.length;
    const parseS = (performance.now() - t0) / 1000;
    console.log(
      `parse: ${count} readings in ${parseS.toFixed(1)} s = ${Math.round(count / parseS)} readings/s`,
    );

    t0 = performance.now();
    const folder = new HalfHourFolder('Pacific/Auckland');
    let days = 0;
    for await (const batch of parseNem12Batches(createReadStream(file))) {
      for (const event of batch) {
        if (event.kind !== 'readings') continue;
        const done = folder.addRun(`${event.run.meterKey}|${event.run.register}`, event.run);
        if (!done) throw new Error('the bench file folds whole days');
        days += done.length;
      }
    }
    days += folder.flush().length;
    const foldS = (performance.now() - t0) / 1000;
    console.log(
      `parse and fold: ${days} standard-time days in ${foldS.toFixed(1)} s = ${Math.round(count / foldS)} readings/s (fold costs ${((foldS / parseS - 1) * 100).toFixed(0)}% over parsing)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** 1 is the file: 500 meters x 365 days of 30-minute data (8.76 million readings); 0.02 is 10 meters. */
const SCALE = Number(process.env.BENCH_IMPORT_SCALE ?? 1);
const IMPORT_DAYS = Number(process.env.BENCH_IMPORT_DAYS ?? 365);
const FROM = '2025-01-01';

/**
 * The data-load job end to end: a NEM12 file of 500 meters x 1 year of 30-minute data uploaded
 * through `POST /jobs/meter-load`, read, matched, folded, staged, merged and the ledger of every meter recomputed,
 * until its status says finished; against a plain COPY of the same readings (meter, instant, kWh) into a bare
 * table. Target: at least 0.5 of COPY's rows a second. BENCH_IMPORT_SCALE scales the meters.
 */
export async function importsBench(ctx: BenchContext) {
  const meters = Math.max(1, Math.round(500 * SCALE));
  console.log(`\n## Data-load job: NEM12 of ${meters} meters x ${IMPORT_DAYS} days of 30-minute data`);
  const start = Date.parse(`${FROM}T00:00:00Z`);
  await runLoadBench(ctx, {
    database: 'bench_imports',
    accounts: Array.from({ length: meters }, (_, i) => benchNmi(i)),
    filename: 'bench.nem12.csv',
    write: (file) => writeLargeNem12(file, { meters, days: IMPORT_DAYS, from: FROM }),
    *rows() {
      for (let m = 0; m < meters; m++)
        for (let i = 0; i < IMPORT_DAYS * 48; i++) yield [m, start + i * 1_800_000, (i % 48) / 10 + 0.5];
    },
  });
}
