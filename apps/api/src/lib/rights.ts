import type { DbOrTx } from '@verdant/db/client';
import { memberships, organisations } from '@verdant/db/schema/core';
import { ACCESS, ORGANISATION_STATUS, USER_STATUS } from '@verdant/domain/constants';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';

/**
 * The rights engine: the one place that answers what a caller may do. Services ask it before they read
 * or write. Questions about many organisations (and, later, many assets) are answered in one query.
 */

export interface Principal {
  userId: number;
  productAdmin: boolean;
  statusId: number;
}

/** What a principal holds in one organisation. */
export interface OrganisationRole {
  organisationId: number;
  accessId: number;
  admin: boolean;
  orgBlocked: boolean;
  organisationEnabled: boolean;
}

export type OrganisationAction = 'enter' | 'edit' | 'administer';

/** The principal's roles in the given organisations, one query for the whole list. */
export async function organisationRoles(
  db: DbOrTx,
  principal: Principal,
  organisationIds: readonly number[],
): Promise<Map<number, OrganisationRole>> {
  const result = new Map<number, OrganisationRole>();
  if (organisationIds.length === 0) return result;
  const rows = await db
    .select({
      organisationId: organisations.id,
      statusId: organisations.statusId,
      accessId: memberships.accessId,
      admin: memberships.admin,
      orgBlocked: memberships.orgBlocked,
    })
    .from(organisations)
    .leftJoin(
      memberships,
      and(eq(memberships.organisationId, organisations.id), eq(memberships.userId, principal.userId)),
    )
    .where(inArray(organisations.id, [...organisationIds]));
  for (const r of rows) {
    const organisationEnabled = r.statusId === ORGANISATION_STATUS.enabled;
    if (principal.productAdmin) {
      result.set(r.organisationId, {
        organisationId: r.organisationId,
        accessId: ACCESS.primaryContact,
        admin: true,
        orgBlocked: false,
        organisationEnabled,
      });
    } else if (r.accessId !== null) {
      result.set(r.organisationId, {
        organisationId: r.organisationId,
        accessId: r.accessId,
        admin: r.admin === true,
        orgBlocked: r.orgBlocked === true,
        organisationEnabled,
      });
    }
  }
  return result;
}

/** Decides one action on one organisation from a role the engine loaded. */
export function allows(
  principal: Principal,
  role: OrganisationRole | undefined,
  action: OrganisationAction,
): boolean {
  if (principal.statusId !== USER_STATUS.active) return false;
  if (principal.productAdmin) return true;
  if (!role || role.orgBlocked || role.accessId === ACCESS.barred || !role.organisationEnabled) return false;
  const isAdmin = role.admin;
  switch (action) {
    case 'enter':
      return true;
    case 'edit':
      return isAdmin || role.accessId < ACCESS.observer;
    case 'administer':
      return isAdmin;
  }
}

export async function can(
  db: DbOrTx,
  principal: Principal,
  action: OrganisationAction,
  organisationId: number,
): Promise<boolean> {
  const roles = await organisationRoles(db, principal, [organisationId]);
  return allows(principal, roles.get(organisationId), action);
}

export interface EnterableOrganisation {
  id: number;
  name: string;
  lastUsed: Date | null;
  disabled: boolean;
}

/**
 * Organisations the principal may enter, best first: most recently used, then by name. A product
 * administrator may enter every organisation (disabled ones included, to re-enable them).
 */
export async function enterableOrganisations(
  db: DbOrTx,
  principal: Principal,
  opts: { q?: string; limit: number; recentOnly?: boolean },
): Promise<EnterableOrganisation[]> {
  const filters = [];
  if (opts.q) filters.push(ilike(organisations.name, `%${opts.q.replace(/[\\%_]/g, '\\$&')}%`));
  if (opts.recentOnly) filters.push(sql`${memberships.lastUsedAt} is not null`);
  if (!principal.productAdmin) {
    filters.push(
      sql`${memberships.userId} is not null`,
      eq(memberships.orgBlocked, false),
      sql`${memberships.accessId} <> ${ACCESS.barred}`,
      eq(organisations.statusId, ORGANISATION_STATUS.enabled),
    );
  }
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      lastUsed: memberships.lastUsedAt,
      statusId: organisations.statusId,
    })
    .from(organisations)
    .leftJoin(
      memberships,
      and(eq(memberships.organisationId, organisations.id), eq(memberships.userId, principal.userId)),
    )
    .where(and(...filters))
    .orderBy(sql`${memberships.lastUsedAt} desc nulls last`, organisations.name)
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lastUsed: r.lastUsed,
    disabled: r.statusId !== ORGANISATION_STATUS.enabled,
  }));
}
