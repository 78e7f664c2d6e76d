import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './global-setup';

/**
 * The statements the API sends while the API tests run (docs/scaling.md, Shard readiness): each distinct statement
 * of each call, written once per test process to a file of the run's statement log, which the global teardown
 * checks. Only statements sent while a call is answered count: the tests' own set-up and checks do not.
 */
const calls = new AsyncLocalStorage<string>();

/** "GET /api/meters/:id": the call's method and path, its numbers, uuids, signed tokens and query left out. */
export function callOf(method: string, url: string): string {
  const pathOnly = url.split('?')[0] ?? '';
  const shape = pathOnly
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:id')
    .replace(/\/[0-9a-z]{1,11}\.[A-Za-z0-9_-]{43}(?=\/|$)/g, '/:token');
  return `${method.toUpperCase()} ${shape}`;
}

export const duringCall = <T>(call: string, run: () => T): T => calls.run(call, run);

let file: string | undefined;
const seen = new Set<string>();

/** From now on, this process writes the statements of calls to a file in the run's statement log. */
export function logCallStatements() {
  if (file) return;
  const dir = inject('statementLogDir');
  file = path.join(dir, `${process.pid}-${Date.now()}.jsonl`);
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function logged(this: unknown, ...args: unknown[]) {
    const call = calls.getStore();
    if (call && file) {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const key = `${call}\n${text}`;
      if (text && !seen.has(key)) {
        seen.add(key);
        appendFileSync(file, `${JSON.stringify({ call, text })}\n`);
      }
    }
    return original.apply(this, args);
  };
}
