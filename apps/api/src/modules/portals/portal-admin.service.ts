import { randomBytes } from 'node:crypto';
import type { PortalUpdate } from '@verdant/contracts/portals/shapes';
import type { Db, Tx } from '@verdant/db/client';
import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import type { PortalPeriod } from '@verdant/domain/portals/periods';
import { orgPrefixOf, RESERVED_PORTAL_URLS } from '@verdant/domain/portals/url';
import { sql } from 'drizzle-orm';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { MeterMaker } from '../../lib/meter-maker';
import type { Caller } from '../../plugins/auth';
import { conflict, createQuantityOperations, orgIdOf, portalAsset } from './portal-quantities.service';
import * as q from './portals.queries';

const reserved = (url: string) => (RESERVED_PORTAL_URLS as readonly string[]).includes(url.toLowerCase());

/** A fresh unguessable link key: 24 random bytes, 32 characters of base64url. */
export const newLinkKey = () => randomBytes(24).toString('base64url');

interface NewPortalBody {
  name: string;
  url: string;
  period: PortalPeriod;
  quantities: {
    meterId: number | null;
    name: string;
    energy: { id: number };
    unit: { unitId: number };
    account?: string;
  }[];
  reporting: number;
  dataSourcePrefix: string;
  site: number;
}

/**
 * Setting up portals (data-portal.md 4, "Portal creation", and 5, "Portals"): create one with its quantities
 * (each a data source made through the new meter wizard's rules, or an existing one), rename it and its
 * quantities, add quantities, and manage its link and contacts. Every write is one transaction with its audit.
 */
export function createPortalAdminService({ db, makeMeter }: { db: Db; makeMeter: MeterMaker }) {
  async function owned(tx: Db | Tx, organisationId: number, portalId: number) {
    const [portal] = await q.portals(tx, organisationId, portalId);
    if (!portal) throw notFound();
    return portal;
  }

  const quantities = createQuantityOperations({ db, makeMeter });

  return {
    async orgPrefix(a: Caller) {
      return { prefix: orgPrefixOf(await q.organisationName(db, orgIdOf(a))) };
    },

    async availabilityCheck(_a: Caller, url: string) {
      return { available: !reserved(url) && !(await q.urlTaken(db, url)) };
    },

    async create(a: Caller, body: NewPortalBody) {
      const organisationId = orgIdOf(a);
      const names = body.quantities.map((x) => x.name.trim().toLowerCase());
      if (new Set(names).size !== names.length) throw badRequest(PORTAL_MSG.quantityNamesUnique);
      const portal = await db.transaction(async (tx) => {
        if (reserved(body.url) || (await q.urlTaken(tx, body.url))) throw conflict(PORTAL_MSG.urlInUse);
        const site = await tx.execute(sql`select 1 from sites where organisation_id = ${organisationId}
          and id = ${body.site} and deleted_at is null`);
        if (site.rows.length === 0)
          throw badRequest(PORTAL_MSG.unknownSite, { site: [PORTAL_MSG.unknownSite] });
        const row = await q.insertPortal(tx, {
          organisationId,
          siteId: body.site,
          name: body.name,
          url: body.url,
          period: body.period,
          reporting: body.reporting,
          dataSourcePrefix: body.dataSourcePrefix,
          linkKey: newLinkKey(),
        });
        for (const [i, quantity] of body.quantities.entries())
          await quantities.addQuantity(tx, a, organisationId, row, quantity, i);
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: portalAsset(row),
          changes: created({
            url: row.url,
            period: row.period,
            siteId: row.siteId,
            quantities: body.quantities.map((x) => x.name),
          }),
        });
        return row;
      });
      return {
        success: true as const,
        message: fill(PORTAL_MSG.portalCreated, { name: portal.name }),
        id: portal.id,
        url: portal.url,
      };
    },

    addMeter: quantities.addMeter,
    renameMeter: quantities.renameMeter,
    deleteMeter: quantities.deleteMeter,

    async update(a: Caller, portalId: number, body: PortalUpdate) {
      const organisationId = orgIdOf(a);
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        const after = {
          name: body.name,
          ...(body.linkExpiresOn !== undefined ? { linkExpiresOn: body.linkExpiresOn } : {}),
          ...(body.dueDays !== undefined ? { dueDays: body.dueDays } : {}),
          ...(body.remindBeforeDays !== undefined ? { remindBeforeDays: body.remindBeforeDays } : {}),
          ...(body.remindAfterDays !== undefined ? { remindAfterDays: body.remindAfterDays } : {}),
          ...(body.secondApproval !== undefined ? { secondApproval: body.secondApproval } : {}),
        };
        await q.updatePortal(tx, organisationId, portalId, after);
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: portalAsset(portal),
          changes: diff(portal, after),
        });
        return { success: true as const, message: PORTAL_MSG.updated };
      });
    },

    async rotateLink(a: Caller, portalId: number) {
      const organisationId = orgIdOf(a);
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        await q.updatePortal(tx, organisationId, portalId, {
          linkKey: newLinkKey(),
          linkIssuedAt: new Date(),
          linkRevokedAt: null,
        });
        // The key itself is a credential: the audit says that it changed, never what it is.
        await audit(tx, a, {
          organisationId,
          action: 'rotate link',
          asset: portalAsset(portal),
          changes: { link: { before: 'replaced', after: 'new' } },
        });
        return { success: true as const, message: PORTAL_MSG.linkRotated };
      });
    },

    async revokeLink(a: Caller, portalId: number) {
      const organisationId = orgIdOf(a);
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        await q.updatePortal(tx, organisationId, portalId, { linkRevokedAt: new Date() });
        await audit(tx, a, {
          organisationId,
          action: 'revoke link',
          asset: portalAsset(portal),
          changes: { link: { before: 'working', after: 'withdrawn' } },
        });
        return { success: true as const, message: PORTAL_MSG.linkRevoked };
      });
    },

    async setContacts(a: Caller, portalId: number, emails: string[]) {
      const organisationId = orgIdOf(a);
      const unique = [...new Set(emails)];
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        const before = (await q.contacts(tx, organisationId)).filter((c) => c.portalId === portalId);
        await q.replaceContacts(tx, organisationId, portalId, unique);
        await audit(tx, a, {
          organisationId,
          action: 'set contacts',
          asset: portalAsset(portal),
          changes: { contacts: { before: before.map((c) => c.email), after: unique } },
        });
        return { success: true as const, message: PORTAL_MSG.contactsSaved };
      });
    },

    async customPortals(a: Caller, organisationId: number) {
      return { portals: await q.customPortalList(db, organisationId), mayEdit: a.checked.mayAdminister };
    },

    async addCustomPortal(a: Caller, organisationId: number, body: { name: string; link: string }) {
      return db.transaction(async (tx) => {
        await q.insertCustomPortal(tx, { organisationId, ...body });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'custom portal', id: null, name: body.name },
          changes: created(body),
        });
        return { success: true as const, message: PORTAL_MSG.customPortalSaved };
      });
    },
  };
}

export type PortalAdminService = ReturnType<typeof createPortalAdminService>;
