import { clientOf, type Tx } from '@verdant/db/client';
import {
  checkRegisterKey,
  type DirectSpan,
  deferRegisterKey,
  openDayWriter,
  storedSpans,
} from '@verdant/db/ledger/half-hour-direct';
import { createStage, mergeStage } from '@verdant/db/ledger/half-hour-ingest';
import { lockMeters } from '@verdant/db/ledger/lock';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import { localClock } from '@verdant/domain/imports/local-time';
import type { ImportEvent } from '@verdant/domain/imports/types';
import { sql } from 'drizzle-orm';
import { type AuditActor, auditAll } from '../../lib/audit';
import { RecordSink } from './day-records';
import { loadPhases } from './load-phases';
import type { MeterIndex } from './meter-index';
import { type Produced, stagedHalfHours } from './produced';
import { ReadingSink } from './reading-sink';
import type { Refusals } from './refusals';
import { Registers } from './registers';

/** The most parts a load names as skipped; more are counted in one last note. */
const NOTES_LIMIT = 50;

export interface IntervalLoad {
  organisationId: number;
  zone: string;
  /** Now, in ms (readings after it are in the future). */
  now: number;
  today: string;
  meters: MeterIndex;
  refusals: Refusals;
  actor: AuditActor;
  filename: string;
  /** Values in the data source's own unit (a CSV mapping's choice). */
  inMeterUnit: boolean;
  /** What the load leaves out on purpose, as the job's notes list it. */
  notes: string[];
  onProgress: (lines: number) => Promise<void>;
  /** New days straight into the day table (false: all staged and merged, as a load that met a conflict runs again). */
  direct?: boolean;
}

export interface LoadCounts {
  readings: number;
  days: number;
  meters: number;
  records: number;
  skipped: number;
  /** What the load stored or found stored, for 'already imported' (produced.ts). */
  produced: Produced;
}

/** Ends a load whose rows were refused: the transaction rolls back and the report is kept. */
export class RowsRefused extends Error {}

/**
 * An interval-data file's events written in the load's transaction: readings folded onto the organisation's
 * standard-time half hours and staged with COPY as days complete (parts of half hours merged with what is
 * stored), whole days and billing periods as consumption records (day-records.ts), skipped parts noted; then
 * the days merged, the touched meters' facts recomputed and audited. Throws RowsRefused when a row was refused
 * (nothing is kept), and the file error 'no rows' when the file held nothing to load.
 */
export async function loadIntervalFile(
  tx: Tx,
  events: AsyncIterable<ImportEvent | ImportEvent[]>,
  o: IntervalLoad,
): Promise<LoadCounts> {
  const { organisationId, refusals } = o;
  const client = clientOf(tx);
  const mark = await loadPhases(client);
  await createStage(client);
  const registers = await Registers.load(tx, organisationId);
  const direct = o.direct !== false;
  if (direct) await deferRegisterKey(client);
  const stage = openDayWriter(client, {
    organisationId,
    direct: direct ? await storedSpans(client, organisationId) : null,
  });
  const sink = new ReadingSink({
    stage,
    zone: o.zone,
    clock: localClock(o.zone),
    now: o.now,
    meters: o.meters,
    registers,
    refusals,
    inMeterUnit: o.inMeterUnit,
  });
  const records = new RecordSink({ tx, organisationId, meters: o.meters, refusals });
  const periods: Extract<ImportEvent, { kind: 'period' }>['row'][] = [];
  let skippedParts = 0;
  try {
    for await (const item of events) {
      for (const e of Array.isArray(item) ? item : [item]) {
        if (e.kind === 'reading') sink.add(e.reading);
        else if (e.kind === 'readings') sink.addRun(e.run);
        else if (e.kind === 'period') periods.push(e.row);
        else if (e.kind === 'refused') refusals.add(e.row);
        else if (e.kind === 'skipped') {
          skippedParts += 1;
          if (o.notes.length < NOTES_LIMIT) o.notes.push(`Line ${e.part.line}: ${e.part.text}`);
        } else if (e.kind === 'progress') await o.onProgress(e.lines);
      }
      // Once a row is refused nothing will be written, but the file is read on so that every reason is counted
      // in one pass (docs/decisions/imports.md, Refusals name rows).
      if (sink.full && refusals.count > 0) sink.discard();
      else if (sink.full) await sink.flush();
    }
    if (refusals.count === 0) await sink.flush(true);
    mark('read');
  } finally {
    // The connection takes no other statement (not even the rollback) while the COPY is open.
    await stage.end().catch(() => {});
  }
  mark('COPY end');
  if (skippedParts > NOTES_LIMIT)
    o.notes.push(`... and ${skippedParts - NOTES_LIMIT} more parts of the file not loaded`);
  if (sink.readings === 0 && periods.length === 0 && refusals.count === 0 && skippedParts === 0)
    throw new ImportFileError(IMPORT_MSG.noRows);
  for (const row of periods) await records.add(row);
  if (refusals.count > 0) throw new RowsRefused();
  const written = await stage.end();
  const touched = [...new Set([...sink.touchedMeters, ...records.meters])].sort((a, b) => a - b);
  await registers.save(tx, organisationId);
  if (direct) await checkRegisterKey(client);
  await lockMeters(tx, touched, organisationId);
  // A move of the organisation's half hours to a new clock holds every meter until it commits: a load that read
  // the file on the old clock is refused rather than land on the new (docs/decisions/organisations.md, Time zone).
  const zone = await tx.execute<{ time_zone: string }>(
    sql`select time_zone from organisations where id = ${organisationId}`,
  );
  if (zone.rows[0]?.time_zone !== o.zone) throw new ImportFileError(IMPORT_MSG.zoneChanged);
  mark('registers+locks');
  await sink.stageParts(client, organisationId);
  const merged = await mergeStage(client, organisationId);
  mark('merge');
  const halfHours = withDirect(await stagedHalfHours(client), stage.direct);
  await records.write(o.actor, o.filename);
  if (refusals.count > 0) throw new RowsRefused();
  mark('produced+records');
  await recomputeOrganisationFacts(tx, organisationId, touched, o.today);
  mark('recompute');
  await auditAll(
    tx,
    o.actor,
    sink.touchedMeters.map((meterId) => ({
      organisationId,
      action: 'import half-hour data',
      asset: { type: 'meter', id: meterId, name: o.meters.byId(meterId)?.localName ?? null },
      changes: { file: { before: null, after: o.filename } },
    })),
  );
  mark('audit');
  return {
    readings: sink.readings + periods.length,
    days: written.direct + merged.days,
    meters: touched.length,
    records: records.records,
    skipped: records.skipped,
    produced: { halfHours, periods: records.periods },
  };
}

/** What a load produced (for 'already imported'): the staged days' spans with the days written straight in. */
function withDirect(staged: Produced['halfHours'], direct: Map<number, DirectSpan>): Produced['halfHours'] {
  const byMeter = new Map(staged.map((h) => [h.meterId, { ...h }]));
  for (const [meterId, d] of direct) {
    const h = byMeter.get(meterId);
    if (!h) byMeter.set(meterId, { meterId, ...d });
    else {
      if (d.from < h.from) h.from = d.from;
      if (d.till > h.till) h.till = d.till;
      h.days += d.days;
    }
  }
  return [...byMeter.values()].sort((a, b) => a.meterId - b.meterId);
}
