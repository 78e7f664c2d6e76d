import type { ImportJob, RefusalSummary } from '@verdant/contracts/imports';
import type { Db } from '@verdant/db/client';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { canOnAssets } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './imports.queries';
import { rememberIdentifier } from './meter-identities.queries';
import { loadMeterIndex, meterKey } from './meter-index';

type Job = NonNullable<Awaited<ReturnType<typeof q.findJob>>>;

/**
 * The unknown data sources of a refused load (docs/decisions/imports.md, Unknown data sources): each mapped to a
 * data source of the organisation (the name remembered on it as an identifier under the key's label), and the
 * load run again from the same stored file.
 */
export function createUnknownMeters({ db, jobQueue, queue }: { db: Db; jobQueue: JobQueue; queue: string }) {
  /** The job's unknown data sources with the one each now names, if a data source answers to it. */
  async function withMatches(a: Caller, view: ImportJob): Promise<ImportJob> {
    const unknown = view.refusals?.unknownMeters ?? [];
    if (unknown.length === 0 || !view.refusals) return view;
    const organisationId = a.checked.organisationId ?? 0;
    const meters = await loadMeterIndex(db, organisationId, a.principal);
    const refusals: RefusalSummary = {
      ...view.refusals,
      unknownMeters: unknown.map((u) => {
        const meter = meters.resolve(u.key);
        return typeof meter === 'string'
          ? { ...u, meterId: null, meterName: null }
          : { ...u, meterId: meter.id, meterName: meter.localName };
      }),
    };
    return { ...view, refusals };
  }

  return {
    withMatches,

    async map(a: Caller, job: Job, key: string, meterId: number) {
      const organisationId = job.organisationId;
      const summary = job.refusals as RefusalSummary | null;
      const entry = summary?.unknownMeters.find((u) => meterKey(u.key) === meterKey(key));
      if (!entry) throw notFound(fill(IMPORT_MSG.notUnknownMeter, { key }));
      const found = await db.execute<{ id: number; name: string }>(sql`
        select id, local_name as name from meters
        where organisation_id = ${organisationId} and id = ${meterId} and deleted_at is null`);
      const meter = found.rows[0];
      if (!meter) throw notFound();
      const [editable] = await canOnAssets(db, a.principal, 'edit', organisationId, [
        { type: 'meter', id: meter.id },
      ]);
      if (!editable) throw forbidden(fill(IMPORT_MSG.meterNotEditable, { name: meter.name }));
      const index = await loadMeterIndex(db, organisationId, a.principal);
      const current = index.resolve(entry.key);
      if (typeof current !== 'string' && current.id === meter.id)
        return fill(IMPORT_MSG.mappedAlready, { key: entry.key, name: meter.name });
      if (typeof current !== 'string')
        throw badRequest(fill(IMPORT_MSG.keyTaken, { key: entry.key, name: current.localName }));
      const held = index.identifierOf(meter.id, entry.label);
      if (held !== undefined)
        throw badRequest(
          fill(IMPORT_MSG.labelTaken, { name: meter.name, label: entry.label, value: held, key: entry.key }),
        );
      await db.transaction(async (tx) => {
        const stored = await rememberIdentifier(tx, organisationId, meter.id, entry.label, entry.key);
        await audit(tx, a, {
          organisationId,
          action: 'map data file name',
          asset: { type: 'meter', id: meter.id, name: meter.name },
          changes: { [entry.label]: stored ?? { before: null, after: entry.key } },
        });
      });
      return fill(IMPORT_MSG.mapped, { key: entry.key, name: meter.name });
    },

    /** A new load of the job's stored file (its format and mapping as asked at upload). */
    async rerun(a: Caller, job: Job): Promise<string> {
      if (job.status === 'pending' || job.status === 'running' || job.status === 'retrying')
        throw badRequest(IMPORT_MSG.stillRunning);
      const uuid = await db.transaction(async (tx) => {
        const id = await q.insertJob(tx, {
          organisationId: job.organisationId,
          createdBy: a.user.id,
          filename: job.filename,
          storageKey: job.storageKey,
          sizeBytes: job.sizeBytes,
          sha256: job.sha256,
          format: null,
          mapping: job.mapping,
        });
        await audit(tx, a, {
          organisationId: job.organisationId,
          action: 'load data file again',
          asset: { type: 'organisation', id: job.organisationId },
          changes: { file: { before: null, after: job.filename }, job: { before: job.uuid, after: id } },
        });
        return id;
      });
      await jobQueue.send(queue, { uuid });
      return uuid;
    },
  };
}
