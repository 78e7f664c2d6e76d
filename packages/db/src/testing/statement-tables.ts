import { loadModule, parseSync } from 'libpg-query';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

let loaded: Promise<void> | undefined;

/**
 * The tables (and views) a statement names, by PostgreSQL's own parser: every relation of its FROM, JOIN, USING and
 * target lists and of its subqueries, less the names of its CTEs and of pg_catalog. A function's body is not
 * followed (the caller checks what a statement reaches, docs/decisions/performance.md, Answer cache).
 */
export async function statementTables(text: string): Promise<string[]> {
  loaded ??= loadModule();
  await loaded;
  const parsed = parseSync(text) as { stmts: { stmt: Node }[] };
  const ctes = new Set<string>();
  const named = new Set<string>();
  const walk = (n: unknown) => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x);
      return;
    }
    if (!isNode(n)) return;
    if ('CommonTableExpr' in n) ctes.add((n.CommonTableExpr as Node).ctename as string);
    if ('RangeVar' in n) {
      const rv = n.RangeVar as Node;
      if (rv.schemaname !== 'pg_catalog') named.add(rv.relname as string);
    }
    for (const [key, value] of Object.entries(n)) {
      // An INSERT's, UPDATE's or DELETE's target is a RangeVar's fields without the wrapper.
      if (key === 'relation' && isNode(value) && typeof value.relname === 'string') named.add(value.relname);
      else walk(value);
    }
  };
  for (const { stmt } of parsed.stmts) walk(stmt);
  return [...named].filter((name) => !ctes.has(name)).sort();
}
