import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';

/*
 * Names refuse what would disguise them (docs/decisions/security.md, "Names show what they are"): every
 * field a request names something with (a key ending in "name", any letter case) takes its text from the
 * shared `nameText()` primitive, which refuses bidirectional embeddings, overrides and isolates and
 * zero-width characters. The walk reads each route's body and query schema; a name field that takes
 * 'Safe\u202Egnp.exe' fails it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Def = {
  type?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every [path, schema] of a name field inside a schema (objects, arrays, wrappers, unions). */
function nameFields(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = [def.innerType, def.in, def.out, def.element, ...(def.options ?? [])].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  const own = Object.entries(def.shape ?? {}).flatMap(([key, field]) => [
    ...(/name$/i.test(key) ? ([[`${at}.${key}`, field]] as [string, z.ZodType][]) : []),
    ...nameFields(field, `${at}.${key}`, seen),
  ]);
  return [...own, ...inner.flatMap((s) => nameFields(s, at, seen))];
}

describe('names', () => {
  it('every name a request sends refuses bidirectional overrides and zero-width characters', () => {
    const taking: string[] = [];
    let checked = 0;
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring'] as const) {
        const schema = route.schema?.[part] as z.ZodType | undefined;
        if (!schema || typeof schema !== 'object' || !('_zod' in schema)) continue;
        for (const [where, field] of nameFields(schema, part)) {
          if (!field.safeParse('Plain name').success) continue;
          checked++;
          for (const sneaky of ['Safe\u202Egnp.exe', 'Zero\u200Bwidth', 'Iso\u2066late\u2069', 'Bom\uFEFF'])
            if (field.safeParse(sneaky).success)
              taking.push(
                `${[route.method].flat().join(',')} ${route.url} ${where} takes ${JSON.stringify(sneaky)}`,
              );
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...new Set(taking.map((x) => x.replace(/ takes .*/, '')))]).toEqual([]);
  });
});
