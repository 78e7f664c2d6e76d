import type {
  consumptionAlertDefault,
  OrgWideAnswer,
  tariffAlertDefault,
} from '@verdant/contracts/org-wide-updates';
import type { Db, DbOrTx } from '@verdant/db/client';
import { markPending } from '@verdant/db/ledger/pending';
import type { FieldChange } from '@verdant/db/schema/audit';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './org-wide-updates.queries';

const refuse = (field: string, message: string) => badRequest(message, { [field]: [message] });

/**
 * Org-wide updates: administrators apply a default to every live data source at once, in one transaction,
 * with an audit row on each data source that changed. Alert set-ups, identifiers and retailers change no
 * figure, so nothing is recomputed.
 */
export function createOrgWideUpdatesService({ db }: { db: Db }) {
  async function run(
    a: Caller,
    organisationId: number,
    message: string,
    work: (tx: DbOrTx) => Promise<{ meter_id: number; name: string; changes: Record<string, FieldChange> }[]>,
  ): Promise<OrgWideAnswer> {
    if (a.checked.organisationId !== organisationId) throw notFound();
    const changed = await db.transaction(async (tx) => {
      const rows = await work(tx);
      for (const r of rows) {
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'meter', id: r.meter_id, name: r.name },
          changes: r.changes,
        });
      }
      return rows.length;
    });
    return { success: true, message, updated: changed };
  }

  return {
    consumptionAlerts(
      a: Caller,
      organisationId: number,
      body: z.output<typeof consumptionAlertDefault>,
      override: boolean,
    ) {
      if (body.alertPerc === null && body.absAlert === null)
        throw refuse('alertPerc', MSG.orgWideConsumptionEmpty);
      return run(a, organisationId, MSG.orgWideConsumptionAlerts, async (tx) =>
        (await q.setConsumptionDefault(tx, organisationId, body, override)).map((r) => ({
          ...r,
          changes: { consumptionAlert: { before: null, after: body } },
        })),
      );
    },

    tariffAlerts(a: Caller, organisationId: number, body: z.output<typeof tariffAlertDefault>) {
      if (body.relAlert === null && body.absAlert === null && body.rateAlert === null)
        throw refuse('relAlert', MSG.orgWideTariffEmpty);
      return run(a, organisationId, MSG.orgWideTariffAlerts, async (tx) =>
        (await q.setTariffDefault(tx, organisationId, body)).map((r) => ({
          ...r,
          changes: { tariffAlert: { before: null, after: body } },
        })),
      );
    },

    identifiers(a: Caller, organisationId: number, labelId: number) {
      return run(a, organisationId, MSG.orgWideIdentifiers, async (tx) => {
        const label = await q.identifierLabel(tx, organisationId, labelId);
        if (label === undefined) throw refuse('labelId', MSG.orgWideLabelUnknown);
        return (await q.setIdentifierDefault(tx, organisationId, labelId)).map((r) => ({
          ...r,
          changes: { [`identifier ${label}`]: { before: null, after: r.value } },
        }));
      });
    },

    retailers(a: Caller, organisationId: number, from: number, to: number) {
      if (from === to) throw refuse('to', MSG.orgWideRetailerSame);
      return run(a, organisationId, MSG.orgWideRetailers, async (tx) => {
        const [fromName, toName] = [await q.retailerName(tx, from), await q.retailerName(tx, to)];
        if (fromName === undefined) throw refuse('from', MSG.orgWideRetailerUnknown);
        if (toName === undefined) throw refuse('to', MSG.orgWideRetailerUnknown);
        const changed = await q.replaceRetailer(tx, organisationId, from, to);
        // A supplier-specific factor of either retailer changes market-based scope 2: the job recomputes them.
        if (changed.length > 0 && (await q.hasSupplierFactor(tx, organisationId, [from, to]))) {
          await markPending(
            tx,
            organisationId,
            changed.map((r) => r.meter_id),
          );
        }
        return changed.map((r) => ({ ...r, changes: { retailer: { before: fromName, after: toName } } }));
      });
    },
  };
}

export type OrgWideUpdatesService = ReturnType<typeof createOrgWideUpdatesService>;
