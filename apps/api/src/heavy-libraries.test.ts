import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Libraries that take 0.2-1 s each to load and serve one feature are loaded by that feature's first use, not when
 * the API starts (docs/decisions/tooling.md, Heavy libraries loaded on first use): a process answers sooner, and
 * each API test file, which starts the app afresh, pays for none of them unless it uses them.
 */
const HEAVY = ['echarts', 'zrender', 'pdfkit', 'exceljs', 'imapflow', 'mailparser', 'sharp'];

/** A resolve hook that notes each package a module outside node_modules loads, printed when the import ends. */
const HOOK = `
const seen = new Set();
export async function resolve(spec, context, next) {
  const found = await next(spec, context);
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(found.url);
  if (m && !seen.has(m[1])) {
    seen.add(m[1]);
    process.stdout.write('package ' + m[1] + '\\n');
  }
  return found;
}`;

describe('the API at start', () => {
  it('loads none of the heavy libraries until a feature needs one', () => {
    const app = path.resolve(import.meta.dirname, 'app.ts');
    const script = `
      import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));
      await import(${JSON.stringify(app)});`;
    const printed = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const loaded = printed
      .split('\n')
      .filter((l) => l.startsWith('package '))
      .map((l) => l.slice('package '.length));
    // The check sees packages at all: Fastify and zod are loaded by every start.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'zod']));
    expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
  });
});
