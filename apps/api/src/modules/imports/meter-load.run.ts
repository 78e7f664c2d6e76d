import type { Db, Tx } from '@verdant/db/client';
import { headerKey, type ReadingsMapping } from '@verdant/domain/imports/csv-mapping';
import type { PeriodFormat } from '@verdant/domain/imports/csv-periods';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import type { ImportEvent, ImportFormat } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { actingCaller } from '../../lib/acting-caller';
import { loadOrganisationContext, type OrganisationContext } from '../../lib/organisation-context';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import * as q from './imports.queries';
import { loadIntervalFile, RowsRefused } from './interval-load';
import { claimLoad, startHeartbeat } from './load-heartbeat';
import { loadMeterIndex, type UnknownKey } from './meter-index';
import { detectFormat, eventsOf, headersOf, INTERVAL_FORMATS } from './parsers';
import { PeriodSink, type PeriodSinkOptions } from './period-sink';
import { type Produced, stillThere } from './produced';
import { describeRefusals } from './refusal-summary';
import { Refusals } from './refusals';
import { openStored, storedKind } from './stored-file';
import { zipEvents } from './zip-load';

export interface MeterLoadDeps {
  db: Db;
  storage: Storage;
  clock: () => Date;
  log: (message: string) => void;
  /** The services a period row goes through, on the load's transaction. */
  periodServices: (tx: Tx) => Pick<PeriodSinkOptions, 'invoices' | 'records'>;
  /** How often the running load beats (load-heartbeat.ts); tests shorten it. */
  heartbeatMs?: number;
}

const PROGRESS_MS = 1000;

/** The uploader as the caller of the services a load goes through (the load acts on their behalf). */
async function callerOf(db: Db, userId: number, org: OrganisationContext, uuid: string): Promise<Caller> {
  const caller = await actingCaller(db, userId, org, `import ${uuid}`);
  if (!caller) throw new ImportFileError(IMPORT_MSG.interrupted);
  return caller;
}

/**
 * The import job (docs/architecture.md, The import pipeline): streams the stored file, detects its format (or
 * takes the one asked for), reads it with its parser, matches every row to a data source of the job's
 * organisation, and writes everything in one transaction (half-hour days staged in batches then merged once;
 * invoices and records through their services) with the touched meters' ledger recomputed in it. A refused
 * row ends the load with nothing written and an error report naming each refused row; a file already imported
 * whole is not imported again while the data it produced is still there.
 */
export async function runMeterLoad(uuid: string, deps: MeterLoadDeps) {
  const { db, clock } = deps;
  // Taken only when it waits or its worker stopped beating (load-heartbeat.ts): never twice at once.
  const job = await claimLoad(db, uuid, clock());
  if (!job) return { status: (await q.findJob(db, uuid))?.status ?? 'gone' };
  const stopBeating = startHeartbeat(db, uuid, deps.heartbeatMs);
  try {
    return await loadClaimed(job, deps);
  } finally {
    stopBeating();
  }
}

/**
 * A day another load stored while this one wrote it straight into the day table (docs/decisions/half-hour.md,
 * New days straight into the day table): the load runs again with every day staged and merged.
 */
const metStoredDay = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'half_hour_days_meter_id_register_read_date_pk';

async function loadClaimed(
  job: NonNullable<Awaited<ReturnType<typeof claimLoad>>>,
  deps: MeterLoadDeps,
  direct = true,
): Promise<{ status: string } & Record<string, unknown>> {
  const { db, storage, clock } = deps;
  const { uuid, organisationId } = job;
  const zone = await q.timeZoneOf(db, organisationId);
  const fail = async (error: string, extra: Parameters<typeof q.updateJob>[2] = {}) => {
    await q.updateJob(db, uuid, { status: 'failed', error, finishedAt: clock(), ...extra });
    return { status: 'failed', error };
  };

  // 'Already imported' only while what the earlier load stored is all still there (produced.ts).
  const earlier = await q.finishedWithSameBytes(db, organisationId, job.sha256, uuid);
  if (earlier?.produced && (await stillThere(db, organisationId, earlier.produced as Produced))) {
    const date = earlier.finished.slice(0, 10).split('-').reverse().join('/');
    await q.updateJob(db, uuid, {
      status: 'finished',
      duplicateOf: earlier.uuid,
      error: fill(IMPORT_MSG.duplicateFile, { date }),
      bytesRead: job.sizeBytes,
      finishedAt: clock(),
    });
    return { status: 'finished', duplicateOf: earlier.uuid };
  }

  let lastProgress = 0;
  let bytesRead = 0;
  let linesRead = 0;
  const progress = async (force = false) => {
    const now = Date.now();
    if (!force && now - lastProgress < PROGRESS_MS) return;
    lastProgress = now;
    await q.updateJob(db, uuid, { bytesRead, linesRead });
  };
  const refusals = new Refusals();
  let unknownKeys: () => UnknownKey[] = () => [];
  const stream = await storage.get(job.storageKey);
  let closeZip: (() => Promise<void>) | null = null;
  try {
    if (!stream) return await fail(IMPORT_MSG.fileMissing);
    // A zip archive of data files is read file by file (zip-load.ts); an XLSX workbook (a zip too) by its sheet,
    // any other file as one text (stored-file.ts).
    const zipped =
      (await storedKind(storage, job.storageKey)) === 'zip'
        ? await zipEvents(stream, { asked: job.format as ImportFormat | null, zone })
        : null;
    closeZip = zipped?.close ?? null;
    const opened = zipped
      ? null
      : await openStored(stream, (b) => {
          bytesRead = b;
        });
    const head = opened?.kind === 'text' ? opened.head : '';
    const format: ImportFormat | null =
      zipped?.format ??
      (opened?.kind === 'workbook'
        ? opened.format
        : ((job.format as ImportFormat | null) ?? detectFormat(head)));
    if (!format) return await fail(IMPORT_MSG.formatUnknown);
    let mapping = job.mapping as ReadingsMapping | null;
    if (format === 'csv-readings' && !mapping)
      mapping =
        ((await q.mappingFor(db, organisationId, headerKey(headersOf(head)))) as ReadingsMapping) ?? null;
    await q.updateJob(db, uuid, { format, mapping });
    const events: AsyncIterable<ImportEvent | ImportEvent[]> = opened
      ? eventsOf(opened, format, { mapping, zone })
      : (zipped as NonNullable<typeof zipped>).events;
    const org = await loadOrganisationContext(db, organisationId, clock());
    const caller = await callerOf(db, job.createdBy ?? 0, org, uuid);
    const meters = await loadMeterIndex(db, organisationId, caller.principal);
    unknownKeys = meters.unknownKeys;
    const actor = { userId: caller.user.id, name: `${caller.user.firstName} ${caller.user.surname}`.trim() };
    const { today } = org;

    const notes: string[] = [];
    const counts = await db.transaction(async (tx) => {
      if (INTERVAL_FORMATS.has(format))
        return loadIntervalFile(tx, events, {
          organisationId,
          zone,
          now: clock().getTime(),
          today,
          meters,
          refusals,
          actor,
          filename: job.filename,
          inMeterUnit: mapping?.valueUnit === 'meter',
          direct,
          notes,
          onProgress: async (lines) => {
            linesRead = lines;
            await progress();
          },
        });
      const sink = new PeriodSink({
        tx,
        organisationId,
        format: format as PeriodFormat,
        meters,
        refusals,
        caller,
        ...deps.periodServices(tx),
      });
      let rows = 0;
      for await (const item of events) {
        for (const e of Array.isArray(item) ? item : [item]) {
          if (e.kind === 'period') {
            rows += 1;
            await sink.add(e.row);
          } else if (e.kind === 'refused') refusals.add(e.row);
          else if (e.kind === 'progress') {
            linesRead = e.lines;
            await progress();
          }
        }
      }
      if (refusals.count > 0) throw new RowsRefused();
      return {
        readings: rows,
        days: 0,
        meters: sink.meterIds.size,
        records: sink.records,
        skipped: sink.skipped,
        produced: { halfHours: [], periods: sink.periods },
      };
    });
    await q.updateJob(db, uuid, {
      status: 'finished',
      ...counts,
      notes: notes.length > 0 ? notes : null,
      bytesRead: job.sizeBytes,
      linesRead,
      finishedAt: clock(),
    });
    return { status: 'finished', ...counts };
  } catch (error) {
    if (error instanceof RowsRefused) {
      const reportKey = `${job.storageKey}-report`;
      await storage.put(reportKey, refusals.csv());
      const { message, summary } = describeRefusals(refusals, unknownKeys());
      return await fail(message, {
        reportKey,
        refusedRows: refusals.count,
        refusals: summary,
        bytesRead,
        linesRead,
      });
    }
    // The parsers' file errors (by name: the industry parsers and the CSV ones each have their class).
    if (error instanceof ImportFileError || (error instanceof Error && error.name === 'ImportFileError'))
      return await fail(error.message, { bytesRead, linesRead });
    if (direct && metStoredDay(error)) return await loadClaimed(job, deps, false);
    deps.log(`import ${uuid} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return await fail(IMPORT_MSG.interrupted, { bytesRead, linesRead });
  } finally {
    stream?.destroy();
    await closeZip?.();
  }
}
