import type {
  DistributionShare,
  distributionUpdate,
  EnergyDistribution,
} from '@verdant/contracts/data-sources/distribution';
import type { Db, DbOrTx } from '@verdant/db/client';
import { DISTRIBUTION_FROM_START } from '@verdant/db/ledger/read-model';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './meter-distribution.queries';

type Update = z.output<typeof distributionUpdate>;

const shown = (validFrom: string | null) => (validFrom === DISTRIBUTION_FROM_START ? null : validFrom);
const share = (r: q.ShareRow): DistributionShare => ({
  entityId: r.entityId,
  entityName: r.entityName,
  siteName: r.siteName,
  percCons: r.percCons,
  percNote: r.percNote,
});

/** The distribution in force in a month: the shares of the latest valid_from on or before it. */
function inForce(rows: q.ShareRow[], month: string) {
  const validFrom = rows.find((r) => r.validFrom <= month)?.validFrom ?? null;
  return { validFrom, rows: rows.filter((r) => r.validFrom === validFrom) };
}

/** A short record of a distribution for the audit log: entity name and both percentages. */
const summary = (rows: { entityName: string; percCons: number; percNote: number }[]) =>
  rows
    .filter((r) => r.percCons > 0 || r.percNote > 0)
    .map((r) => `${r.entityName}: ${r.percCons}% / ${r.percNote}%`);

/**
 * The Distribution tab (data-portal spec 2.2): a meter's shares of consumption and of note among entities.
 * Entity figures are read through the ledger's read model times the shares in force, so a change needs no
 * recompute of the meters' facts.
 */
export function createMeterDistributionService({ db }: { db: Db }) {
  async function meterOf(tx: DbOrTx, a: Caller, meterId: number, lock = false) {
    const organisationId = a.checked.organisationId;
    const meter = organisationId === null ? undefined : await q.findMeter(tx, organisationId, meterId, lock);
    if (organisationId === null || !meter) throw notFound();
    return { organisationId, meter };
  }

  async function read(tx: DbOrTx, a: Caller, meterId: number): Promise<EnergyDistribution> {
    const { organisationId, meter } = await meterOf(tx, a, meterId);
    const [rows, siteEntities] = await Promise.all([
      q.sharesOf(tx, organisationId, meterId),
      q.liveEntities(tx, organisationId, { siteId: meter.siteId }),
    ]);
    const now = inForce(rows, orgOf(a).currentMonth);
    const held = new Map(now.rows.map((r) => [r.entityId, r]));
    const listed = siteEntities.map((e) => {
      const r = held.get(e.id);
      return {
        entityId: e.id,
        entityName: e.name,
        siteName: e.siteName,
        percCons: r?.percCons ?? 0,
        percNote: r?.percNote ?? 0,
      };
    });
    const elsewhere = now.rows.filter((r) => !siteEntities.some((e) => e.id === r.entityId)).map(share);
    const dates = [...new Set(rows.map((r) => r.validFrom))];
    return {
      name: meter.name,
      validFrom: shown(now.validFrom),
      entities: [...listed, ...elsewhere],
      periods: dates.map((d) => ({
        validFrom: shown(d),
        entities: rows.filter((r) => r.validFrom === d && (r.percCons > 0 || r.percNote > 0)).map(share),
      })),
      mayEdit: a.checked.mayEdit,
    };
  }

  return {
    get: (a: Caller, meterId: number) => read(db, a, meterId),

    async update(a: Caller, meterId: number, body: Update): Promise<EnergyDistribution> {
      return db.transaction(async (tx) => {
        const { organisationId, meter } = await meterOf(tx, a, meterId, true);
        const ids = body.entities.map((e) => e.entityId);
        const found = await q.liveEntities(tx, organisationId, { ids });
        if (found.length !== new Set(ids).size) {
          throw badRequest(MSG.distributionEntityUnknown, { entities: [MSG.distributionEntityUnknown] });
        }
        const from = body.validFrom ?? DISTRIBUTION_FROM_START;
        const rows = await q.sharesOf(tx, organisationId, meterId);
        const before = inForce(rows, from).rows;
        const kept = body.entities.filter((e) => e.percCons > 0 || e.percNote > 0);
        // From a month on, entities of the earlier distribution that are left out stop at zero there.
        const stopped =
          body.validFrom === null
            ? []
            : [...new Set(rows.filter((r) => r.validFrom < from).map((r) => r.entityId))]
                .filter((id) => !kept.some((e) => e.entityId === id))
                .map((entityId) => ({ entityId, percCons: 0, percNote: 0 }));
        await q.deleteShares(tx, organisationId, meterId, body.validFrom);
        await q.insertShares(
          tx,
          [...kept, ...stopped].map((e) => ({
            organisationId,
            meterId,
            entityId: e.entityId,
            validFrom: from,
            percentage: String(e.percCons),
            notePercentage: String(e.percNote),
          })),
        );
        const name = (id: number) => found.find((e) => e.id === id)?.name ?? String(id);
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'meter', id: meterId, name: meter.name },
          changes: {
            distribution: {
              before: summary(before),
              after: summary(kept.map((e) => ({ ...e, entityName: name(e.entityId) }))),
            },
            distributionFrom: { before: null, after: shown(from) },
          },
        });
        return read(tx, a, meterId);
      });
    },
  };
}

export type MeterDistributionService = ReturnType<typeof createMeterDistributionService>;
