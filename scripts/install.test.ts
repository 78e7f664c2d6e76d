import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const lock: { packages: Record<string, LockEntry> } = read('package-lock.json');
const rootEngines: string = read('package.json').engines.node;

/** Where Node would find `name` from the package at `location` (its own node_modules, then each parent's). */
function resolve(location: string, name: string): string | undefined {
  let dir = location;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at >= 0 ? dir.slice(0, at) : '';
  }
}

describe('install', () => {
  it('the lockfile records every optional platform package, so `npm ci` works on any machine', () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(location, name)) missing.push(`${location || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("engines tells the truth: every package installed on Linux x64 supports every Node the project's engines allow", () => {
    const narrower: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const node = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      const elsewhere =
        (entry.os && !entry.os.includes('linux')) || (entry.cpu && !entry.cpu.includes('x64'));
      if (!location || !node || elsewhere) continue;
      if (!semver.subset(rootEngines, node)) narrower.push(`${location} wants node ${node}`);
    }
    expect(narrower).toEqual([]);
    for (const supported of ['20.19.0', '24.0.0'])
      expect(semver.satisfies(supported, rootEngines)).toBe(true);
  });
});
