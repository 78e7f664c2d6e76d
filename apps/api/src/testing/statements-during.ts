import pg from 'pg';

/** Statements this process sends while `op` runs (pg's Client wrapped, pool and prepared queries alike). */
export async function statementsDuring(op: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: string[] = [];
  proto.query = function traced(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await op();
  } finally {
    proto.query = original;
  }
  return seen;
}
