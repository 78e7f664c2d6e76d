import { createHash, timingSafeEqual } from 'node:crypto';
import type { PublicPortal } from '@verdant/contracts/portals/public';
import type { Db } from '@verdant/db/client';
import { expectedRange, isOutside } from '@verdant/domain/portals/expected';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import {
  dueDateOf,
  openPeriod,
  type Period,
  type PortalPeriod,
  periodLabel,
} from '@verdant/domain/portals/periods';
import { PORTAL_URL_MAX, PORTAL_URL_PATTERN } from '@verdant/domain/portals/url';
import type { AuditActor } from '../../lib/audit';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { loadOrganisationContext } from '../../lib/organisation-context';
import * as q from './portals.queries';

export const conflict = (message: string, fields?: Record<string, string[]>) =>
  new AppError('CONFLICT', message, 409, fields);

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Who entered a figure: the portal and its link (a fingerprint of the key, never the key). */
export const linkActor = (portal: q.PortalRow, requestId?: string): AuditActor => ({
  portalToken: `portal ${portal.id} link ${createHash('sha256').update(portal.linkKey).digest('hex').slice(0, 12)}`,
  requestId,
});

export interface Figure {
  quantityId: number;
  value: number;
  confirmed: boolean;
}

/**
 * What the public page reads (core-portal.md `/portals/{url}`; docs/decisions/portals.md, "The public page
 * shows only the portal"): the portal a link opens, and per quantity its last figure, expected range and this
 * period's entry.
 */
export function createPortalPage({ db, clock }: { db: Db; clock: () => Date }) {
  /** The portal the link opens, with its organisation's today; a refusal the honest holder understands. */
  async function resolve(url: string, key: string) {
    if (url.length > PORTAL_URL_MAX) throw badRequest(PORTAL_MSG.urlLength);
    if (!PORTAL_URL_PATTERN.test(url)) throw badRequest(PORTAL_MSG.urlCharacters);
    const portal = await q.portalAtUrl(db, url);
    if (!portal || !sameKey(portal.linkKey, key) || portal.linkRevokedAt !== null)
      throw forbidden(PORTAL_MSG.linkNotValid);
    const org = await loadOrganisationContext(db, portal.organisationId, clock());
    if (portal.linkExpiresOn !== null && portal.linkExpiresOn < org.today)
      throw forbidden(PORTAL_MSG.linkExpired);
    const period = openPeriod(portal.period as PortalPeriod, org.today);
    return { portal, org, period };
  }

  async function quantityFacts(portal: q.PortalRow, period: Period) {
    const quantities = await q.quantities(db, portal.organisationId, portal.id);
    const entries = (await q.entries(db, portal.organisationId, portal.id)).filter(
      (e) => e.periodStart === period.start,
    );
    return Promise.all(
      quantities.map(async (x) => {
        const history = await q.history(db, portal.organisationId, x.meterId, period.start);
        const last = history.at(-1);
        return {
          quantity: x,
          last: last ? { value: last.value, date: last.dateTill } : null,
          expected: expectedRange(history.map((h) => h.value)),
          entry: entries.find((e) => e.quantityId === x.id) ?? null,
        };
      }),
    );
  }

  function outsideFields(figures: Figure[], facts: Awaited<ReturnType<typeof quantityFacts>>) {
    const fields: Record<string, string[]> = {};
    for (const f of figures) {
      const fact = facts.find((x) => x.quantity.id === f.quantityId);
      if (fact && !f.confirmed && isOutside(f.value, fact.expected))
        fields[String(f.quantityId)] = [PORTAL_MSG.outsideRange];
    }
    if (Object.keys(fields).length > 0) throw conflict(PORTAL_MSG.outsideRange, fields);
  }

  return {
    resolve,
    quantityFacts,
    outsideFields,

    async open(url: string, key: string): Promise<PublicPortal> {
      const { portal, period } = await resolve(url, key);
      const facts = await quantityFacts(portal, period);
      const names = await q.fileNames(
        db,
        portal.organisationId,
        facts.flatMap((f) => (f.entry?.attachmentFileId ? [f.entry.attachmentFileId] : [])),
      );
      const kind = portal.period as PortalPeriod;
      return {
        name: portal.name,
        period: kind,
        periodLabel: periodLabel(kind, period),
        periodStart: period.start,
        periodEnd: period.end,
        due: dueDateOf(period, portal.dueDays),
        quantities: facts.map((f) => ({
          id: f.quantity.id,
          name: f.quantity.name,
          unit: f.quantity.unit,
          last: f.last,
          expected: f.expected,
          entry: f.entry && {
            id: f.entry.id,
            value: Number(f.entry.value),
            status: f.entry.status,
            comment: f.entry.status === 'sent back' ? f.entry.reviewComment : null,
            attachment: f.entry.attachmentFileId ? (names.get(f.entry.attachmentFileId) ?? null) : null,
            mayCorrect: f.entry.status === 'awaiting review' || f.entry.status === 'sent back',
          },
        })),
      };
    },
  };
}

export type PortalPage = ReturnType<typeof createPortalPage>;
