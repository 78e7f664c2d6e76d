import type { DataEntryPortal, PortalPeriodStatus, PortalQuantity } from '@verdant/contracts/portals/shapes';
import type { Db } from '@verdant/db/client';
import {
  dueDateOf,
  type Period,
  type PortalPeriod,
  periodLabel,
  recentPeriods,
} from '@verdant/domain/portals/periods';
import { todayIn } from '@verdant/domain/time-zone';
import { notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './portals.queries';

/** How many periods the list shows: a year of months, or three years. */
const periodsShown = (period: PortalPeriod) => (period === 'Monthly' ? 12 : 3);

export const toQuantity = (r: q.QuantityRow): PortalQuantity => ({
  id: r.id,
  meterId: r.meterId,
  name: r.name,
  energy: { id: r.energyId, energyDescr: r.energyDescr },
  unit: { unitId: r.unitId, name: r.unit },
  hideDelete: r.entries > 0,
  edited: false,
});

/** The day an entry was received, in the organisation's zone. */
export const receivedOn = (e: q.EntryRow, timeZone: string) => todayIn(timeZone, e.createdAt);

/** What is due, received, late and approved in each recent period (data-entry portals list). */
export function periodStatuses(
  portal: q.PortalRow,
  quantityCount: number,
  entries: q.EntryRow[],
  today: string,
  timeZone: string,
): PortalPeriodStatus[] {
  const period = portal.period as PortalPeriod;
  return recentPeriods(period, today, periodsShown(period)).map((p: Period) => {
    const due = dueDateOf(p, portal.dueDays);
    const mine = entries.filter((e) => e.periodStart === p.start);
    const lateReceived = mine.filter((e) => receivedOn(e, timeZone) > due).length;
    const missing = Math.max(0, quantityCount - mine.length);
    const approved = mine.filter((e) => e.status === 'approved').length;
    const share = (n: number) => (quantityCount === 0 ? 0 : Math.round((n / quantityCount) * 1000) / 1000);
    return {
      start: p.start,
      end: p.end,
      label: periodLabel(period, p),
      due,
      expected: quantityCount,
      received: mine.length,
      late: lateReceived + (today > due ? missing : 0),
      approved,
      share: share(mine.length),
      approvedShare: share(approved),
    };
  });
}

/** The data-entry portals list (data-portal.md 2.9): each portal with its quantities, link and periods. */
export function createPortalListService({ db }: { db: Db }) {
  return {
    async list(a: Caller): Promise<{ portals: DataEntryPortal[] }> {
      const org = orgOf(a);
      const [portals, quantities, contacts, entries] = await Promise.all([
        q.portals(db, org.id),
        q.quantities(db, org.id),
        q.contacts(db, org.id),
        q.entries(db, org.id),
      ]);
      return {
        portals: portals.map((p) => {
          const mine = quantities.filter((x) => x.portalId === p.id);
          const theirs = entries.filter((e) => e.portalId === p.id);
          return {
            id: p.id,
            name: p.name,
            url: p.url,
            period: p.period as PortalPeriod,
            quantities: mine.map(toQuantity),
            reporting: p.reporting,
            dataSourcePrefix: p.dataSourcePrefix,
            siteId: p.siteId,
            link: {
              key: p.linkKey,
              issuedAt: p.linkIssuedAt.toISOString(),
              expiresOn: p.linkExpiresOn,
              revoked: p.linkRevokedAt !== null,
            },
            contacts: contacts.filter((c) => c.portalId === p.id).map((c) => c.email),
            dueDays: p.dueDays,
            remindBeforeDays: p.remindBeforeDays,
            remindAfterDays: p.remindAfterDays,
            secondApproval: p.secondApproval,
            periods: periodStatuses(p, mine.length, theirs, org.today, org.timeZone),
            awaitingReview: theirs.filter((e) => e.status === 'awaiting review' || e.status === 'reviewed')
              .length,
          };
        }),
      };
    },

    async meters(a: Caller, portalId: number): Promise<{ quantities: PortalQuantity[] }> {
      const org = orgOf(a);
      const [portal] = await q.portals(db, org.id, portalId);
      if (!portal) throw notFound();
      return { quantities: (await q.quantities(db, org.id, portalId)).map(toQuantity) };
    },
  };
}

export type PortalListService = ReturnType<typeof createPortalListService>;
