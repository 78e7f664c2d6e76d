/**
 * Who may call an operation: every operation of every feature's table declares one of these rules, and the
 * API's one access hook decides it through the rights engine before the handler runs (docs/architecture.md,
 * "How a request runs"; the rules themselves: docs/domain.md, "Rights").
 */

/**
 * A path parameter, a query parameter, or (for a write that names its asset in the body) a body field.
 * `body.list[].field` names that field of every element of a list, `body.list[]` every element of a list of
 * ids. A query or body value left out (or empty) names no asset: the operation's own validation answers for it.
 */
export type ParamRef = `params.${string}` | `query.${string}` | `body.${string}`;

/**
 * The organisation of the record a parameter names: the one it belongs to, whatever the session's is. A
 * record that does not exist, or of an organisation the caller may not enter, is 'not found' with the message
 * given: nothing tells the two apart.
 */
export interface OwnerOf {
  /** An emailed report (docs/decisions/reports.md, Editing another organisation's emailed reports). */
  emailedReport: ParamRef;
  notFound: string;
}

/**
 * Where a role rule finds its organisation: the session's current one, a path parameter, or the organisation
 * of the record a parameter names.
 */
export type OrganisationFrom = 'session' | ParamRef | OwnerOf;

export interface RoleRule {
  role: 'member' | 'editor' | 'administrator';
  organisation: OrganisationFrom;
  /**
   * A session without an organisation: refused (the default), let through for product administrators, or
   * 'not found' with the given message.
   */
  withoutOrganisation?: 'refuse' | 'product-administrator' | { notFound: string };
  /**
   * The parameter may name no organisation but the word 'any' (a search across organisations): only product
   * administrators may, and the check then has no organisation.
   */
  anyOrganisation?: 'product-administrator';
  /** The person the path names may also call (reading their own advanced rights), once they may enter. */
  orSelf?: ParamRef;
  /** The message of the 403 when the rule refuses (the spec's own, where it has one). */
  refusal?: string;
  /**
   * The job the parameter names: when it is a data source note, the caller must also hold the rule's action
   * (view for members, edit otherwise) on its meter, exactly as the notes operations ask of `/meters/:id`. A
   * meter the caller may not see is 'not found', one seen but not editable 403.
   */
  noteMeterOf?: ParamRef;
}

export type AssetAction = 'view' | 'edit';

/** An action on the assets the parameters name; all of them live in one organisation. */
export interface AssetRule {
  action: AssetAction;
  /**
   * An invoice stands for the meters it covers, an invoice alert for its meter: seeing or editing it needs
   * all of them.
   */
  asset: Partial<Record<'site' | 'entity' | 'meter' | 'invoice' | 'invoiceAlert' | 'vehicle', ParamRef>>;
  /** The caller must also be an administrator of the assets' organisation (403 otherwise). */
  organisationRole?: 'administrator';
  /** The assets must live in the session's current organisation: any other is 'not found'. */
  organisation?: 'session';
  /** The spec's own messages for an asset one may not see (404) and one seen but not editable (403). */
  messages?: { notFound?: string; refusal?: string };
}

/** Only the person the path names (changing one's own password). */
export interface SelfRule {
  self: ParamRef;
}

export type Access =
  | 'public'
  | 'signed-in'
  | 'signed-link'
  | 'product-administrator'
  | RoleRule
  | AssetRule
  | SelfRule;

/**
 * What an operation does, declared beside its access: 'reads', 'changes', or 'own-session' (signing out,
 * switching organisation: changes only the caller's own session). The free test drive may call 'reads' and
 * 'own-session' operations only. Left out, it is 'reads' for GET and 'changes' for every other method; a GET
 * that writes must declare 'changes' (docs/decisions/security.md, "Test drive reads declared intent").
 */
export type Intent = 'reads' | 'changes' | 'own-session';

/** The organisation's members (the session's current organisation unless a parameter names one). */
export const member = (
  organisation: OrganisationFrom = 'session',
  more: Omit<Partial<RoleRule>, 'role'> = {},
) => ({ role: 'member', organisation, ...more }) satisfies RoleRule;
/** The organisation's editors (General Users and administrators). */
export const editor = (
  organisation: OrganisationFrom = 'session',
  more: Omit<Partial<RoleRule>, 'role'> = {},
) => ({ role: 'editor', organisation, ...more }) satisfies RoleRule;
/** The organisation's administrators. */
export const administrator = (
  organisation: OrganisationFrom = 'session',
  more: Omit<Partial<RoleRule>, 'role'> = {},
) => ({ role: 'administrator', organisation, ...more }) satisfies RoleRule;
/** Whoever may see every asset named. */
export const viewing = (asset: AssetRule['asset']) => ({ action: 'view', asset }) satisfies AssetRule;
/** Whoever may edit every asset named. */
export const editing = (asset: AssetRule['asset'], more: Omit<Partial<AssetRule>, 'action' | 'asset'> = {}) =>
  ({ action: 'edit', asset, ...more }) satisfies AssetRule;
