import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface TracedStatement {
  text: string;
  values: unknown[];
  ms: number;
}

/**
 * Counts the SQL statements one operation sends, on every connection of the process (pool queries and
 * transactions alike, by wrapping pg's Client), with each one's time. Wall time on a loaded machine says
 * little; the number of statements and the repeated ones say what the operation asks of the database.
 */
export async function traceStatements(op: () => Promise<unknown>): Promise<TracedStatement[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: TracedStatement[] = [];
  proto.query = function traced(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // pg takes (text, values), or (config, values) as drizzle sends it, or a config with its values.
    const values = (typeof first === 'string' ? args[1] : (first?.values ?? args[1])) ?? [];
    const t0 = performance.now();
    const entry = { text, values: Array.isArray(values) ? values : [], ms: 0 };
    seen.push(entry);
    // pg's pool queries with a callback; everything else gets a promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function')
      args[last] = (...answer: unknown[]) => {
        entry.ms = performance.now() - t0;
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => {
          entry.ms = performance.now() - t0;
        },
        () => {
          entry.ms = performance.now() - t0;
        },
      );
    }
    return result;
  };
  try {
    await op();
  } finally {
    proto.query = original;
  }
  return seen;
}

const shape = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Prints how many statements an operation sent, the repeated ones and the slowest. */
export function reportStatements(label: string, statements: TracedStatement[]) {
  const counts = new Map<string, number>();
  for (const s of statements) counts.set(shape(s.text), (counts.get(shape(s.text)) ?? 0) + 1);
  console.log(`${label}: ${statements.length} statements (${counts.size} distinct)`);
  // BENCH_STATEMENTS=all: every statement in the order sent.
  if (process.env.BENCH_STATEMENTS === 'all')
    for (const [i, s] of statements.entries())
      console.log(`  #${i + 1} ${s.ms.toFixed(1)} ms  ${shape(s.text).slice(0, 160)}`);
  for (const [text, n] of [...counts].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1]))
    console.log(`  x${n}  ${text.slice(0, 140)}`);
  for (const s of [...statements].sort((a, b) => b.ms - a.ms).slice(0, 5))
    console.log(`  ${s.ms.toFixed(1).padStart(6)} ms  ${shape(s.text).slice(0, 140)}`);
}

/** BENCH_EXPLAIN=1: the plans of an operation's slowest statements (read-only ones), run again. */
export async function explainSlowest(pool: pg.Pool, statements: TracedStatement[], n = 3) {
  if (!process.env.BENCH_EXPLAIN) return;
  const reads = statements.filter((s) => /^\s*(select|with)\b/i.test(s.text));
  for (const s of [...reads].sort((a, b) => b.ms - a.ms).slice(0, n)) {
    const plan = await pool.query(`explain (analyze, buffers) ${s.text}`, s.values);
    console.log(`  plan (${s.ms.toFixed(1)} ms): ${shape(s.text).slice(0, 120)}`);
    for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(`    ${row['QUERY PLAN']}`);
  }
}
