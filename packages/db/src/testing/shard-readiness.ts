import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { loadModule, parseSync } from 'libpg-query';
import { schema } from '../client';
import * as alertsSchema from '../schema/alerts';
import * as backgroundJobsSchema from '../schema/background-jobs';
import * as benchmarksSchema from '../schema/benchmarks';
import * as compReportsSchema from '../schema/comp-reports';
import * as editionsSchema from '../schema/editions';
import * as emailIntakeSchema from '../schema/email-intake';
import * as emailedReportsSchema from '../schema/emailed-reports';
import * as graphsSchema from '../schema/graphs';
import * as lineItemOverridesSchema from '../schema/line-item-overrides';
import * as meterSettingsSchema from '../schema/meter-settings';
import * as portalsSchema from '../schema/portals';
import * as publicDatasetsSchema from '../schema/public-datasets';
import * as ratesSchema from '../schema/rates';
import * as reportsSchema from '../schema/reports';
import * as scope2Schema from '../schema/scope2';
import * as targetsSchema from '../schema/targets';

/**
 * Shard readiness (docs/scaling.md, Shard readiness): a statement can be routed to one organisation's shard when
 * every organisation-owned table it touches is pinned to one organisation: `organisation_id` equal to a value,
 * or equal to the `organisation_id` of a table that is (a co-located join), or, for `organisations`, its `id`.
 */

/**
 * Tables with an `organisation_id` that are not an organisation's own rows, so no shard holds them: each would be a
 * Citus reference table or stay on the coordinator.
 */
const NOT_OWNED: Record<string, string> = {
  memberships:
    'the directory of who belongs to which organisation, read before one is chosen (sign-in, the list to switch to, the rights read with the session)',
  sessions: "a person's session; organisation_id is only the organisation they are looking at",
  login_tokens: "a person's sign-in link, before any organisation is chosen",
  notifications: 'messages to a person, across the organisations they belong to',
  energy_reporting_groups: 'the catalogue: rows of every organisation (null) beside an organisation’s own',
  emission_factor_sources:
    'the catalogue: publications of every organisation (null) beside an organisation’s own',
  data_types: 'the catalogue: data types of every organisation (null) beside an organisation’s own',
  units: 'the catalogue: units of every organisation (null) beside an organisation’s own',
  emission_factors: 'the catalogue: factors of every organisation (null) beside an organisation’s own',
  restatements:
    'the catalogue: an edition’s restatements (null, each reaching many organisations) beside an organisation’s own',
  email_intake_addresses:
    'the directory of intake addresses: an incoming email finds its organisation by its address, before any is known, and an address is unique across organisations',
  background_jobs:
    'the job runner’s queue, on the coordinator (docs/scaling.md, 3. Sharding by organisation (Citus)): product administrators’ jobs (null) beside organisations’ own',
};

/**
 * Every table of the schema: the client's (the tables queried through drizzle) and the modules only SQL reads.
 * shard-readiness.test.ts checks against the database that none is missing.
 */
const ALL_TABLES: Record<string, unknown> = {
  ...schema,
  ...alertsSchema,
  ...backgroundJobsSchema,
  ...benchmarksSchema,
  ...compReportsSchema,
  ...editionsSchema,
  ...emailIntakeSchema,
  ...emailedReportsSchema,
  ...graphsSchema,
  ...lineItemOverridesSchema,
  ...meterSettingsSchema,
  ...portalsSchema,
  ...publicDatasetsSchema,
  ...ratesSchema,
  ...reportsSchema,
  ...scope2Schema,
  ...targetsSchema,
};

/** The tables with an organisation_id that no shard holds (see NOT_OWNED). */
export const notOwnedTables = () => Object.keys(NOT_OWNED);

/** The organisation-owned tables of the schema and the column that names their organisation. */
export function ownedTables(): Map<string, string> {
  // `organisations` itself is small and read with every session (its status, zone, reporting year): a reference
  // table, copied to every shard, like the directory of memberships.
  const owned = new Map<string, string>();
  for (const value of Object.values(ALL_TABLES)) {
    let config: ReturnType<typeof getTableConfig>;
    try {
      config = getTableConfig(value as PgTable);
    } catch {
      continue;
    }
    if (!config?.columns) continue;
    if (config.name === 'organisations') continue;
    if (config.columns.some((c) => c.name === 'organisation_id') && !(config.name in NOT_OWNED))
      owned.set(config.name, 'organisation_id');
  }
  return owned;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

function fieldsOf(ref: Node): string[] {
  return ((ref.fields as Node[]) ?? []).map((f) => ((f.String as Node | undefined)?.sval as string) ?? '*');
}

/** A value fixed for the statement: a parameter, a constant, either cast. */
function isValue(n: unknown): boolean {
  if (!isNode(n)) return false;
  if ('ParamRef' in n || 'A_Const' in n) return true;
  if ('TypeCast' in n) return isValue((n.TypeCast as Node).arg);
  return false;
}

interface Scope {
  /** alias or name -> table, for the tables of one FROM (and an UPDATE's or DELETE's target). */
  tables: Map<string, string>;
}

/** The owned tables a statement touches that are not pinned to one organisation (empty: routable). */
export function unpinnedTables(sql: string, owned: Map<string, string>): string[] {
  const parsed = parseSync(sql) as { stmts: { stmt: Node }[] };
  const ctes = new Set<string>();
  const touched = new Set<string>();
  const pinned = new Set<string>();
  const edges: [string, string][] = [];
  const aliases = new Map<string, Set<string>>();

  const addTable = (scope: Scope, rv: Node) => {
    const name = rv.relname as string;
    if (ctes.has(name) || rv.schemaname === 'pg_catalog') return;
    const alias = ((rv.alias as Node | undefined)?.aliasname as string | undefined) ?? name;
    scope.tables.set(alias, name);
    if (!aliases.has(alias)) aliases.set(alias, new Set());
    aliases.get(alias)?.add(name);
    if (owned.has(name)) touched.add(name);
  };
  /** The owned tables a column reference may name, with the column. */
  const resolve = (scope: Scope, ref: Node): string[] => {
    const f = fieldsOf(ref);
    const column = f[f.length - 1] ?? '';
    const names =
      f.length >= 2 ? [...(aliases.get(f[f.length - 2] ?? '') ?? [])] : [...new Set(scope.tables.values())];
    return names.filter((t) => owned.get(t) === column);
  };
  const collectFrom = (scope: Scope, n: unknown) => {
    if (!isNode(n)) return;
    if ('RangeVar' in n) addTable(scope, n.RangeVar as Node);
    else if ('JoinExpr' in n) {
      const j = n.JoinExpr as Node;
      collectFrom(scope, j.larg);
      collectFrom(scope, j.rarg);
    }
  };
  const walk = (n: unknown, scope: Scope) => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x, scope);
      return;
    }
    if (!isNode(n)) return;
    for (const [key, value] of Object.entries(n)) {
      if (key === 'CommonTableExpr') ctes.add((value as Node).ctename as string);
      if (key === 'WithClause' || key === 'withClause') {
        for (const c of ((value as Node).ctes as Node[]) ?? [])
          ctes.add((c.CommonTableExpr as Node).ctename as string);
      }
    }
    if ('SelectStmt' in n || 'UpdateStmt' in n || 'DeleteStmt' in n || 'InsertStmt' in n) {
      const s = (n.SelectStmt ?? n.UpdateStmt ?? n.DeleteStmt ?? n.InsertStmt) as Node;
      const inner: Scope = { tables: new Map() };
      const withClause = s.withClause as Node | undefined;
      for (const c of (withClause?.ctes as Node[]) ?? [])
        ctes.add((c.CommonTableExpr as Node).ctename as string);
      if (s.relation) addTable(inner, s.relation as Node);
      for (const f of (s.fromClause as Node[]) ?? []) collectFrom(inner, f);
      for (const f of (s.usingClause as Node[]) ?? []) collectFrom(inner, f);
      if ('InsertStmt' in n && s.relation) {
        const name = (s.relation as Node).relname as string;
        const cols = ((s.cols as Node[]) ?? []).map((c) => (c.ResTarget as Node).name as string);
        if (owned.has(name) && cols.includes(owned.get(name) as string)) pinned.add(name);
      }
      for (const [key, value] of Object.entries(s)) if (key !== 'relation') walk(value, inner);
      return;
    }
    if ('A_Expr' in n) {
      const e = n.A_Expr as Node;
      const op = ((e.name as Node[] | undefined)?.[0]?.String as Node | undefined)?.sval;
      const l = e.lexpr as Node | undefined;
      const r = e.rexpr;
      const single = Array.isArray(r) && r.length === 1 ? r[0] : r;
      if ((e.kind === 'AEXPR_OP' && op === '=') || (e.kind === 'AEXPR_IN' && single !== r)) {
        const lref = isNode(l) && 'ColumnRef' in l ? resolve(scope, l.ColumnRef as Node) : [];
        const rref = isNode(single) && 'ColumnRef' in single ? resolve(scope, single.ColumnRef as Node) : [];
        if (lref.length && isValue(single)) for (const t of lref) pinned.add(t);
        if (rref.length && isValue(l)) for (const t of rref) pinned.add(t);
        for (const a of lref) for (const b of rref) edges.push([a, b]);
      }
    }
    if ('JoinExpr' in n) {
      const j = n.JoinExpr as Node;
      walk(j.larg, scope);
      walk(j.rarg, scope);
      walk(j.quals, scope);
      return;
    }
    for (const value of Object.values(n)) walk(value, scope);
  };
  for (const { stmt } of parsed.stmts) walk(stmt, { tables: new Map() });
  for (let changed = true; changed; ) {
    changed = false;
    for (const [a, b] of edges) {
      if (pinned.has(a) !== pinned.has(b)) {
        pinned.add(a);
        pinned.add(b);
        changed = true;
      }
    }
  }
  return [...touched].filter((t) => !pinned.has(t)).sort();
}

export const loadParser = () => loadModule();
