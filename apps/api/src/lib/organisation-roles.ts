import type { DbOrTx } from '@verdant/db/client';
import { memberships, organisations } from '@verdant/db/schema/core';
import { ACCESS, ORGANISATION_STATUS, USER_STATUS } from '@verdant/domain/constants';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';

/** The rights engine's organisation half: roles per organisation, one query for many (./rights.ts). */

export interface Principal {
  userId: number;
  productAdmin: boolean;
  statusId: number;
}

/** The organisation's own settings that every figure and date depends on (docs/domain.md, "Time zones"). */
export interface OrganisationSettings {
  id: number;
  /** IANA zone: "today", months and the half-hour clock follow it. */
  timeZone: string;
  /** The last month of the reporting year, 1-12. */
  reportingYearEnd: number;
  /** The emission factor publication the organisation reports with (null: the catalogue's default). */
  factorSourceId: number | null;
  /** Whether the organisation keeps factors of its own. */
  ownFactors: boolean;
}

/** What a principal holds in one organisation. */
export interface OrganisationRole {
  organisationId: number;
  accessId: number;
  admin: boolean;
  orgBlocked: boolean;
  organisationEnabled: boolean;
  settings: OrganisationSettings;
}

export type OrganisationAction = 'enter' | 'edit' | 'administer';

export interface RoleRow {
  organisationId: number;
  statusId: number;
  accessId: number | null;
  admin: boolean | null;
  orgBlocked: boolean | null;
  timeZone: string;
  reportingYearEnd: number;
  factorSourceId: number | null;
  ownFactors: boolean;
}

const settingsOf = (r: RoleRow): OrganisationSettings => ({
  id: r.organisationId,
  timeZone: r.timeZone,
  reportingYearEnd: r.reportingYearEnd,
  factorSourceId: r.factorSourceId,
  ownFactors: r.ownFactors,
});

/** A product administrator holds every organisation; anyone else what their membership says, if any. */
export function toRole(principal: Principal, r: RoleRow): OrganisationRole | undefined {
  const organisationEnabled = r.statusId === ORGANISATION_STATUS.enabled;
  if (principal.productAdmin) {
    return {
      organisationId: r.organisationId,
      accessId: ACCESS.primaryContact,
      admin: true,
      orgBlocked: false,
      organisationEnabled,
      settings: settingsOf(r),
    };
  }
  if (r.accessId === null) return undefined;
  return {
    organisationId: r.organisationId,
    accessId: r.accessId,
    admin: r.admin === true,
    orgBlocked: r.orgBlocked === true,
    organisationEnabled,
    settings: settingsOf(r),
  };
}

/** A role row as SQL selects it (membership and organisation columns, snake case). */
export interface RoleColumns {
  status_id: number;
  access_id: number | null;
  admin: boolean | null;
  org_blocked: boolean | null;
  time_zone: string;
  reporting_year_end: number;
  factor_source_id: number | null;
  own_factors: boolean;
}

/** `toRole` from the columns a statement selected for one organisation. */
export const roleFromColumns = (principal: Principal, organisationId: number, r: RoleColumns) =>
  toRole(principal, {
    organisationId,
    statusId: r.status_id,
    accessId: r.access_id,
    admin: r.admin,
    orgBlocked: r.org_blocked,
    timeZone: r.time_zone,
    reportingYearEnd: r.reporting_year_end,
    factorSourceId: r.factor_source_id,
    ownFactors: r.own_factors,
  });

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
      timeZone: organisations.timeZone,
      reportingYearEnd: organisations.reportingYearEnd,
      factorSourceId: organisations.emissionFactorDataSourceId,
      ownFactors: organisations.ownFactors,
    })
    .from(organisations)
    .leftJoin(
      memberships,
      and(eq(memberships.organisationId, organisations.id), eq(memberships.userId, principal.userId)),
    )
    .where(inArray(organisations.id, [...organisationIds]));
  for (const r of rows) {
    const role = toRole(principal, r);
    if (role) result.set(r.organisationId, role);
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
 * administrator may enter every organisation (disabled ones included, to re-enable them). `fixedOrder` leaves
 * recency out (those the principal administers first, then by name), so that every caller gets the same first
 * one (the free test drive's landing: docs/decisions/sessions-and-security.md).
 */
export async function enterableOrganisations(
  db: DbOrTx,
  principal: Principal,
  opts: { q?: string; limit: number; recentOnly?: boolean; fixedOrder?: boolean },
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
    .orderBy(
      opts.fixedOrder
        ? sql`${memberships.admin} desc nulls last`
        : sql`${memberships.lastUsedAt} desc nulls last`,
      organisations.name,
    )
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lastUsed: r.lastUsed,
    disabled: r.statusId !== ORGANISATION_STATUS.enabled,
  }));
}

/**
 * A person's own record (email, login id, product-wide status) is shared by every organisation they
 * belong to, so only the person, a product administrator, or an administrator of every one of those
 * organisations may change it. A product administrator's record is theirs and other product administrators'.
 */
export async function mayChangePersonRecord(
  db: DbOrTx,
  principal: Principal,
  person: { id: number; productAdmin: boolean },
): Promise<boolean> {
  if (principal.statusId !== USER_STATUS.active) return false;
  if (principal.userId === person.id || principal.productAdmin) return true;
  if (person.productAdmin) return false;
  const rows = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(eq(memberships.userId, person.id));
  if (rows.length === 0) return false;
  const ids = rows.map((r) => r.organisationId);
  const roles = await organisationRoles(db, principal, ids);
  return ids.every((id) => allows(principal, roles.get(id), 'administer'));
}
