import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One name per feature (docs/architecture.md, Layout): a feature is `packages/contracts/src/<name>.ts` (or a
 * folder of operation groups), `apps/api/src/modules/<name>/` and `apps/web/src/features/<name>/`. A name found
 * in one layer and not the others is a feature under two names, unless it is listed below with its reason.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The contracts' shared parts, which are no feature. */
const CONTRACT_INFRASTRUCTURE = new Set(['access', 'common', 'headers', 'operations']);

/** Features that live in fewer than three layers on purpose. */
const ONE_SIDED: Record<string, string> = {
  audit: 'the history is shown inside the pages of the assets it is about, not on a screen of its own',
  reference: "lists every screen reads; the web's side is components/reference-lists.ts",
  search: 'the asset search and browse every screen uses; the web side is components/asset-search.tsx',
  files: 'files are shown inside the organisation, site, entity, data source and invoice pages',
  health: 'for load balancers and monitoring: the API alone',
  help: 'a page of text: the web alone',
  'login-page': "the sign-in page's settings, shown by the web's auth feature",
  'catalogue-admin': "the catalogue's administration, an operation group of the catalogue",
  'catalogue-editions': 'factor editions, an operation group of the catalogue',
  'catalogue-restatements': 'restatements, an operation group of the catalogue',
  'catalogue-checks': "the catalogue's checks of a data type, an operation group of the catalogue",
};

/**
 * Names still being moved to their one name with their operations table (docs/decisions/operations.md). This
 * list only shrinks.
 */
const NOT_RENAMED_YET = new Set<string>([]);

function names(dir: string, files: boolean): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(path.join(root, dir))) {
    const full = path.join(root, dir, entry);
    if (statSync(full).isDirectory()) found.add(entry);
    else if (files && /^[a-z0-9-]+\.ts$/.test(entry)) found.add(entry.replace(/\.ts$/, ''));
  }
  return found;
}

describe('one name per feature', () => {
  it('names each feature the same in contracts, the API and the web', () => {
    const layers = {
      contracts: new Set(
        [...names('packages/contracts/src', true)].filter((n) => !CONTRACT_INFRASTRUCTURE.has(n)),
      ),
      api: names('apps/api/src/modules', false),
      web: names('apps/web/src/features', false),
    };
    const all = new Set(Object.values(layers).flatMap((s) => [...s]));
    const astray = [...all]
      .filter((n) => !(n in ONE_SIDED) && !NOT_RENAMED_YET.has(n))
      .flatMap((n) =>
        Object.entries(layers)
          .filter(([, set]) => !set.has(n))
          .map(([layer]) => `${n}: missing in ${layer}`),
      )
      .sort();
    expect(astray).toEqual([]);
  });

  it('lists only names that still exist, and none that has found its three layers', () => {
    const present = (n: string) =>
      [
        `packages/contracts/src/${n}.ts`,
        `packages/contracts/src/${n}`,
        `apps/api/src/modules/${n}`,
        `apps/web/src/features/${n}`,
      ].some((p) => {
        try {
          statSync(path.join(root, p));
          return true;
        } catch {
          return false;
        }
      });
    const everywhere = (n: string) =>
      readdirSync(path.join(root, 'apps/api/src/modules')).includes(n) &&
      readdirSync(path.join(root, 'apps/web/src/features')).includes(n) &&
      readdirSync(path.join(root, 'packages/contracts/src')).some((e) => e === n || e === `${n}.ts`);
    const stale = [...Object.keys(ONE_SIDED), ...NOT_RENAMED_YET].filter((n) => !present(n) || everywhere(n));
    expect(stale).toEqual([]);
  });
});
