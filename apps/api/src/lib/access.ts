import type { Access, AssetAction, AssetRule, OwnerOf, ParamRef, RoleRule } from '@verdant/contracts/access';
import type { DbOrTx } from '@verdant/db/client';
import { USER_STATUS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { AppError, forbidden, notFound } from './errors';
import {
  type AssetRef,
  allows,
  allowsAsset,
  assetAccess,
  assetKey,
  directoryOrganisation,
  type OrganisationAction,
  type OrganisationRole,
  type OrganisationSettings,
  organisationRoles,
  type Principal,
} from './rights';

export interface AuthenticatedPerson {
  user: { id: number };
  principal: Principal;
  organisationId: number | null;
  /** A role already read (with the session): a rule on that organisation asks no more. */
  knownRole?: { organisationId: number; role: OrganisationRole | undefined };
}

/** What the declared rule established; services read it instead of asking again. */
export interface Checked {
  /** The organisation the rule was checked in (null for rules without one). */
  organisationId: number | null;
  role: OrganisationRole | undefined;
  /** Edit rights in that organisation, or on every asset the rule names. */
  mayEdit: boolean;
  mayAdminister: boolean;
  /** That organisation's settings (its zone, reporting year, factor source); null with no organisation. */
  organisation: OrganisationSettings | null;
}

/** What a parameter names for every organisation, where its rule lets product administrators ask so. */
export const ANY_ORGANISATION = 'any';

const ROLE_ACTION: Record<RoleRule['role'], OrganisationAction> = {
  member: 'enter',
  editor: 'edit',
  administrator: 'administer',
};

/** Rules that need a signed-in person. */
export type SessionAccess = Exclude<Access, 'public' | 'signed-link'>;

export const needsSession = (access: Access): access is SessionAccess =>
  access !== 'public' && access !== 'signed-link';

/** What a rule may read: the parsed path parameters, query and body. */
export interface RequestParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}
const field = (from: unknown, name: string) => (from as Record<string, unknown> | undefined)?.[name];

function paramOf(request: RequestParts, ref: ParamRef): unknown {
  const dot = ref.indexOf('.');
  const part = ref.slice(0, dot) as keyof RequestParts;
  return field(request[part], ref.slice(dot + 1));
}

/**
 * The values a reference names: one, none (a query or body value left out), each element's (`list[].field`)
 * or each element (`list[]`).
 */
function valuesOf(request: RequestParts, ref: ParamRef): unknown[] {
  const list = /^(body|query)\.(\w+)\[\](?:\.(\w+))?$/.exec(ref);
  if (list) {
    const items = field(request[list[1] as keyof RequestParts], list[2] ?? '');
    if (!Array.isArray(items)) return [];
    return list[3] === undefined ? items : items.map((item) => field(item, list[3] ?? ''));
  }
  const value = paramOf(request, ref);
  if (!ref.startsWith('params.') && (value === undefined || value === '')) return [];
  return [value];
}

/** The meter an invoice alert of the organisation is about (none when there is no such alert). */
async function alertMeterIds(db: DbOrTx, organisationId: number, alertId: number): Promise<number[]> {
  const rows = await db.execute<{ meter_id: number }>(
    sql`select meter_id from meter_alerts
      where organisation_id = ${organisationId} and id = ${alertId} and invoice_id is not null`,
  );
  return rows.rows.map((r) => Number(r.meter_id));
}

/** The meters an invoice of the organisation covers (none when there is no such invoice). */
async function invoiceMeterIds(db: DbOrTx, organisationId: number, invoiceId: number): Promise<number[]> {
  const rows = await db.execute<{ meter_id: number }>(
    sql`select meter_id from invoice_meters
      where organisation_id = ${organisationId} and invoice_id = ${invoiceId} order by meter_id`,
  );
  return rows.rows.map((r) => Number(r.meter_id));
}
function toId(value: unknown, ref: ParamRef): number {
  const id = Number(value);
  if (!Number.isInteger(id)) throw new Error(`access rule names ${ref}, which is not an integer parameter`);
  return id;
}
const numberParam = (params: RequestParts, ref: ParamRef) => toId(paramOf(params, ref), ref);

/** The caller's role in the organisation: the one read with the session when it is that organisation's. */
async function roleIn(db: DbOrTx, who: AuthenticatedPerson, organisationId: number) {
  return who.knownRole?.organisationId === organisationId
    ? who.knownRole.role
    : (await organisationRoles(db, who.principal, [organisationId])).get(organisationId);
}

/** What a rule checked in an organisation establishes, for the services. */
function checkedIn(
  who: AuthenticatedPerson,
  organisationId: number,
  role: OrganisationRole | undefined,
): Checked {
  return {
    organisationId,
    role,
    mayEdit: allows(who.principal, role, 'edit'),
    mayAdminister: allows(who.principal, role, 'administer'),
    organisation: role?.settings ?? null,
  };
}

async function checkRole(
  db: DbOrTx,
  who: AuthenticatedPerson,
  rule: RoleRule,
  params: RequestParts,
): Promise<Checked> {
  const refuse = () => (rule.refusal ? new AppError('FORBIDDEN', rule.refusal, 403) : forbidden());
  let organisationId: number | null;
  if (rule.organisation === 'session') {
    organisationId = who.organisationId;
    if (organisationId === null) {
      const without = rule.withoutOrganisation ?? 'refuse';
      if (without === 'product-administrator' && who.principal.productAdmin) {
        return {
          organisationId: null,
          role: undefined,
          mayEdit: true,
          mayAdminister: true,
          organisation: null,
        };
      }
      if (typeof without === 'object') throw notFound(without.notFound);
      throw refuse();
    }
  } else if (typeof rule.organisation === 'object') {
    return checkOwnerOf(db, who, rule, rule.organisation, params);
  } else if (rule.anyOrganisation && paramOf(params, rule.organisation) === ANY_ORGANISATION) {
    if (!who.principal.productAdmin || who.principal.statusId !== USER_STATUS.active) throw refuse();
    return { organisationId: null, role: undefined, mayEdit: true, mayAdminister: true, organisation: null };
  } else {
    organisationId = numberParam(params, rule.organisation);
  }
  const role = await roleIn(db, who, organisationId);
  if (!allows(who.principal, role, 'enter')) throw refuse();
  const self = rule.orSelf !== undefined && Number(paramOf(params, rule.orSelf)) === who.user.id;
  if (!self && !allows(who.principal, role, ROLE_ACTION[rule.role])) throw refuse();
  if (rule.noteMeterOf !== undefined) {
    const jobId = numberParam(params, rule.noteMeterOf);
    const meterId = await noteMeterOf(db, organisationId, jobId);
    if (meterId !== null) {
      const action: AssetAction = rule.role === 'member' ? 'view' : 'edit';
      await checkAssets(
        db,
        who,
        { action, asset: { meter: 'params.meter' } },
        { params: { meter: meterId } },
      );
    }
  }
  return checkedIn(who, organisationId, role);
}

/** The organisation an emailed report belongs to (null when there is no such report), from the directory. */
const emailedReportOrganisation = (db: DbOrTx, id: number) =>
  directoryOrganisation(db, [{ type: 'emailed-report', id }]);

/**
 * A role rule in the organisation of the record a parameter names: a record missing or of an organisation
 * the caller may not enter is 'not found' (the same answer, so nothing leaks); one the caller may enter but
 * not act in, 403.
 */
async function checkOwnerOf(
  db: DbOrTx,
  who: AuthenticatedPerson,
  rule: RoleRule,
  owner: OwnerOf,
  params: RequestParts,
): Promise<Checked> {
  const organisationId = await emailedReportOrganisation(db, numberParam(params, owner.emailedReport));
  if (organisationId === null) throw notFound(owner.notFound);
  const role = await roleIn(db, who, organisationId);
  if (!allows(who.principal, role, 'enter')) throw notFound(owner.notFound);
  if (!allows(who.principal, role, ROLE_ACTION[rule.role])) {
    throw rule.refusal ? new AppError('FORBIDDEN', rule.refusal, 403) : forbidden();
  }
  return checkedIn(who, organisationId, role);
}

/** The meter a job of the organisation is a note of (null for an organisation's own job or none). */
async function noteMeterOf(db: DbOrTx, organisationId: number, jobId: number): Promise<number | null> {
  const rows = await db.execute<{ meter_id: number | null }>(
    sql`select meter_id from jobs where organisation_id = ${organisationId} and id = ${jobId}`,
  );
  return rows.rows[0]?.meter_id ?? null;
}

/** Assets one may not see (missing, deleted, another organisation's, barred) are 'not found': nothing leaks. */
async function checkAssets(
  db: DbOrTx,
  who: AuthenticatedPerson,
  rule: AssetRule,
  params: RequestParts,
): Promise<Checked> {
  const hidden = () => notFound(rule.messages?.notFound);
  const refs: AssetRef[] = [];
  const standsFor = { invoice: invoiceMeterIds, invoiceAlert: alertMeterIds } as const;
  const kindOf = { invoice: 'invoice', invoiceAlert: 'meter-alert' } as const;
  // The organisation the rule is checked in: the session's, else (a path naming an invoice or an alert) the
  // directory of assets' for the record, so its meters are read in that organisation alone (docs/scaling.md,
  // Shard readiness); else assetAccess finds it from the assets.
  let within = rule.organisation === 'session' ? (who.organisationId ?? 0) : null;
  for (const [type, ref] of Object.entries(rule.asset) as [keyof AssetRule['asset'], ParamRef][]) {
    for (const value of valuesOf(params, ref)) {
      const id = toId(value, ref);
      if (type !== 'invoice' && type !== 'invoiceAlert') refs.push({ type, id });
      else {
        within ??= await directoryOrganisation(db, [{ type: kindOf[type], id }]);
        const meters = within === null ? [] : await standsFor[type](db, within, id);
        if (meters.length === 0) throw hidden();
        refs.push(...meters.map((m) => ({ type: 'meter' as const, id: m })));
      }
    }
  }
  if (refs.length === 0) throw hidden();
  const { organisationId, role, access } = await assetAccess(db, who.principal, within, refs);
  const each = refs.map((r) => access.get(assetKey(r)));
  if (!each.every((acc) => allowsAsset(who.principal, role, acc, 'view'))) throw hidden();
  const mayEdit = each.every((acc) => allowsAsset(who.principal, role, acc, 'edit'));
  if (rule.action === 'edit' && !mayEdit) throw forbidden(rule.messages?.refusal);
  const mayAdminister = allows(who.principal, role, 'administer');
  if (rule.organisationRole === 'administrator' && !mayAdminister) throw forbidden();
  return {
    organisationId,
    role,
    mayEdit,
    mayAdminister,
    organisation: role?.settings ?? null,
  };
}

/** Decides a declared rule for a signed-in person; throws the refusal (403/404) the rule calls for. */
export async function checkAccess(
  db: DbOrTx,
  who: AuthenticatedPerson,
  access: SessionAccess,
  params: RequestParts,
): Promise<Checked> {
  const none = {
    organisationId: null,
    role: undefined,
    mayEdit: false,
    mayAdminister: false,
    organisation: null,
  };
  if (access === 'signed-in') return none;
  if (access === 'product-administrator') {
    if (!who.principal.productAdmin || who.principal.statusId !== USER_STATUS.active) throw forbidden();
    return { ...none, mayEdit: true, mayAdminister: true };
  }
  if ('role' in access) return checkRole(db, who, access, params);
  if ('action' in access) return checkAssets(db, who, access, params);
  if (Number(paramOf(params, access.self)) !== who.user.id) throw forbidden();
  return none;
}
