/** Samples from the committed OpenAPI document's schemas, for the tests that walk every route. */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  const?: unknown;
  default?: unknown;
};
export type Parameter = { name: string; in: string; schema: Schema; required?: boolean };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};

/** mulberry32: a small seeded generator, so every run sends the same cases. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = a;
    r = Math.imul(r ^ (r >>> 15), r | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}
export type Random = ReturnType<typeof random>;

export const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A plausible value for a schema, so that one hostile value goes deep into a route instead of stopping early. */
export function plausible(schema: Schema, rnd: Random, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rnd.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return plausible(rnd.pick(variants), rnd, depth + 1);
  switch (typeOf(schema)) {
    case 'integer':
      return Math.max(schema.minimum ?? 1, 1);
    case 'number':
      return 12.5;
    case 'boolean':
      return rnd.next() < 0.5;
    case 'null':
      return null;
    case 'array':
      return depth > 3 || !schema.items ? [] : [plausible(schema.items, rnd, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 3) return out;
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        out[key] = plausible(child, rnd, depth + 1);
      return out;
    }
    default:
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}')) return '2024-05-12';
      if (schema.format === 'email') return 'fuzz@example.test';
      return `Fuzz ${Math.floor(rnd.next() * 1e6)}`;
  }
}
