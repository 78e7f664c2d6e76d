import {
  type Instrument,
  type InstrumentBody,
  type InstrumentList,
  INSTRUMENT_MESSAGES as M,
} from '@verdant/contracts/scope2-instruments';
import type { Db, DbOrTx, Tx } from '@verdant/db/client';
import { markPending } from '@verdant/db/ledger/pending';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import type { JobQueue } from '../../jobs/job-definition';
import { recomputePendingJob } from '../../jobs/recompute-pending.job';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './scope2-instruments.queries';

/**
 * Market-based scope 2 instruments (docs/decisions/scope2.md, The smallest honest instrument model):
 * administrators record certificates and supplier-specific factors; every change recomputes the ledger of the
 * meters it touches, in the same transaction for one meter, through the recompute job for a retailer's meters
 * (docs/domain.md, Recompute).
 */

const toInstrument = (r: q.InstrumentRow): Instrument => ({
  id: r.id,
  kind: r.kind,
  meter: r.meter_id === null ? null : { id: r.meter_id, name: r.meter_name ?? '', site: r.site_name ?? '' },
  retailer: r.retailer_id === null ? null : { id: r.retailer_id, name: r.retailer_name ?? '' },
  dateFrom: r.date_from,
  dateTill: r.date_till,
  mwh: r.mwh === null ? null : Number(r.mwh),
  rate: Number(r.rate),
  reference: r.reference,
});

/** What the audit row records of an instrument. */
const recorded = (b: InstrumentBody | Instrument) => ({
  kind: b.kind,
  meterId: 'meterId' in b ? b.meterId : (b.meter?.id ?? null),
  retailerId: 'retailerId' in b ? b.retailerId : (b.retailer?.id ?? null),
  dateFrom: b.dateFrom,
  dateTill: b.dateTill,
  mwh: b.mwh,
  rate: b.rate,
  reference: b.reference,
});

export function createScope2InstrumentsService({ db, jobQueue }: { db: Db; jobQueue: JobQueue }) {
  /** Refuses a data source that is not one of the organisation's electricity meters, or an unknown retailer. */
  async function check(tx: Tx, organisationId: number, body: InstrumentBody) {
    if (body.meterId !== null) {
      const [meter] = await q.electricityMeters(tx, organisationId, null, body.meterId);
      if (!meter) throw badRequest(M.meter, { meterId: [M.meter] });
    }
    if (body.kind === 'supplier-factor' && body.retailerId !== null) {
      const [retailer] = await q.electricityRetailers(tx, body.retailerId);
      if (!retailer) throw badRequest(M.retailer, { retailerId: [M.retailer] });
    }
  }

  /** Recomputes the meters the instruments name; marks a retailer's meters for the job. */
  async function recompute(
    tx: Tx,
    organisationId: number,
    touched: { meterId: number | null; retailerId: number | null }[],
  ) {
    const meters = [...new Set(touched.flatMap((t) => (t.meterId === null ? [] : [t.meterId])))];
    if (meters.length > 0) await recomputeOrganisationFacts(tx, organisationId, meters);
    let marked = 0;
    for (const retailerId of new Set(touched.flatMap((t) => (t.retailerId === null ? [] : [t.retailerId])))) {
      const ids = await q.metersOfRetailer(tx, organisationId, retailerId);
      if (ids.length > 0) marked += await markPending(tx, organisationId, ids);
    }
    return marked;
  }

  async function find(tx: DbOrTx, organisationId: number, id: number) {
    const [row] = await q.listInstruments(tx, organisationId, id);
    if (!row) throw notFound();
    return toInstrument(row);
  }

  /** One write in one transaction, then asks the job to drain the meters it marked. */
  async function write(run: (tx: Tx) => Promise<number>) {
    const marked = await db.transaction(run);
    // Should the ask fail, the job's one-minute schedule drains the meters anyway.
    if (marked > 0) await jobQueue.send(recomputePendingJob.name).catch(() => {});
  }

  return {
    async list(a: Caller, organisationId: number): Promise<InstrumentList> {
      const visible = await visibleMetersOf(db, a, organisationId);
      const [rows, meters, retailers] = await Promise.all([
        q.listInstruments(db, organisationId),
        q.electricityMeters(db, organisationId, visible),
        q.electricityRetailers(db),
      ]);
      // Instruments on a data source the caller may not see name no data source.
      const seen = new Set(meters.map((m) => m.id));
      return {
        instruments: rows.filter((r) => r.meter_id === null || seen.has(r.meter_id)).map(toInstrument),
        mayEdit: a.checked.mayAdminister,
        meters: meters.map(({ id, name, site }) => ({ id, name, site })),
        retailers,
      };
    },

    async create(a: Caller, organisationId: number, body: InstrumentBody) {
      let id = 0;
      await write(async (tx) => {
        await check(tx, organisationId, body);
        id = await q.insertInstrument(tx, organisationId, body, a.user.id);
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'scope2-instrument', id },
          changes: created(recorded(body)),
        });
        return recompute(tx, organisationId, [body]);
      });
      return find(db, organisationId, id);
    },

    async update(a: Caller, organisationId: number, id: number, body: InstrumentBody) {
      await write(async (tx) => {
        const before = await find(tx, organisationId, id);
        await check(tx, organisationId, body);
        await q.updateInstrument(tx, organisationId, id, body);
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'scope2-instrument', id },
          changes: diff(recorded(before), recorded(body)),
        });
        return recompute(tx, organisationId, [recorded(before), body]);
      });
      return find(db, organisationId, id);
    },

    async remove(a: Caller, organisationId: number, id: number) {
      await write(async (tx) => {
        const before = await find(tx, organisationId, id);
        await q.deleteInstrument(tx, organisationId, id);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'scope2-instrument', id },
          changes: diff(recorded(before), null),
        });
        return recompute(tx, organisationId, [recorded(before)]);
      });
      return { success: true as const };
    },
  };
}

export type Scope2InstrumentsService = ReturnType<typeof createScope2InstrumentsService>;
