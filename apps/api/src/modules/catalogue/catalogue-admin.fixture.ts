import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { afterAll, beforeAll } from 'vitest';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

export let t: TestApp;
export const tokens: Record<string, string> = {};
export let orgA: { id: number };
export let digest: () => Promise<string>;

export const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

export const newType = {
  name: 'Wood pellets',
  grouping: 'Biomass',
  type: 4,
  stdUnit: 'kg',
  sourceNotes: 'Supplier data sheet, 2025',
  scopes: [{ scope: 1, rate: '0.0158', startDate: '2024-01-01' }],
};

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalogue(t.db);
    await createUser(t.db, { loginId: 'root', productAdmin: true });
    tokens.root = await t.login('root');
    orgA = await createOrganisation(t.db);
    const orgB = await createOrganisation(t.db);
    await createMember(t.db, orgA.id, { loginId: 'admin-a', accessId: 2, admin: true });
    await createMember(t.db, orgB.id, { loginId: 'watcher', accessId: 4 });
    for (const who of ['admin-a', 'watcher']) tokens[who] = await t.login(who);
    digest = await tableDigest(t.db);
  });
  afterAll(() => t.close());
}
