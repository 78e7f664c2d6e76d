import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HalfHourFolder } from '@verdant/domain/imports/fold';
import { parseNem12Batches } from '@verdant/domain/imports/nem12';
import { writeLargeNem12 } from './fixtures/nem12-large';

const METERS = Number(process.env.BENCH_NEM12_METERS ?? 500);
const DAYS = Number(process.env.BENCH_NEM12_DAYS ?? 365);

/**
 * The NEM12 parser on the bench's large file (issue 15): readings a second parsed from disk, then parsed and
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
      for (const event of batch) if (event.kind === 'reading') count += 1;
    const parseS = (performance.now() - t0) / 1000;
    console.log(
      `parse: ${count} readings in ${parseS.toFixed(1)} s = ${Math.round(count / parseS)} readings/s`,
    );

    t0 = performance.now();
    const folder = new HalfHourFolder('Pacific/Auckland');
    let days = 0;
    for await (const batch of parseNem12Batches(createReadStream(file))) {
      for (const event of batch) {
        if (event.kind !== 'reading') continue;
        const done = folder.add(event.reading.meterKey, event.reading);
        if (typeof done !== 'string') days += done.length;
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
