import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No address is written by hand on the web side (docs/architecture.md, "Operations tables"): every call goes
 * through `call` or `useOperation` with an operation of a feature's table. This test reads every source file
 * of the web app and fails for a raw request: `api.get(...)` and its siblings, `apiRequest(...)` or `fetch(...)`
 * outside the one client.
 */

const src = path.resolve(import.meta.dirname, '..');
/** The one client: it alone turns an operation into a request. */
const CLIENT = new Set(['lib/api-client.ts', 'lib/operations.ts']);
/** Files still being moved to the operations tables; this list only shrinks. */
const NOT_MOVED_YET = new Set(['features/auth/api.ts', 'features/invoices/direct-files.ts']);
const RAW =
  /\bapi\.(get|post|put|delete)(<[^>]*>)?\(|\bapiRequest(<[^>]*>)?\(|\bfetch\(|\buploadRaw(<[^>]*>)?\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('web calls', () => {
  const files = sources(src).map((f) => path.relative(src, f).split(path.sep).join('/'));

  it('go through an operation of a table, never an address written by hand', () => {
    const raw = files.filter(
      (f) => !CLIENT.has(f) && !NOT_MOVED_YET.has(f) && RAW.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(raw).toEqual([]);
  });

  it('keeps the list of files not moved yet to files that still need it', () => {
    const moved = [...NOT_MOVED_YET].filter(
      (f) => !files.includes(f) || !RAW.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(moved).toEqual([]);
  });
});
