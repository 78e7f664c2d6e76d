import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from './asset-factories';
import { seedDemoFiles } from './demo-files';
import { createOrganisation } from './factories';
import { organisations } from './schema/core';
import { files, jobs } from './schema/organisation';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo files', () => {
  it('writes real files through the storage, a logo and jobs with one permanent', async () => {
    const db = database.db;
    const org = await createOrganisation(db, { name: 'Demo Files Org' });
    const a = await createSite(db, org.id, { name: 'Head Office' });
    const b = await createSite(db, org.id, { name: 'Depot' });
    await createMeter(db, a, { localName: 'Main incomer' });
    const stored = new Map<string, Buffer>();
    const storage = { put: async (key: string, data: Buffer) => void stored.set(key, data) };
    await db.transaction((tx) =>
      seedDemoFiles(tx, { organisationId: org.id, sites: [a, b], today: '2026-11-21' }, storage),
    );

    const rows = await db.select().from(files).where(eq(files.organisationId, org.id));
    expect(rows.filter((f) => f.ownerType === 'organisation').length).toBeGreaterThanOrEqual(3);
    for (const site of [a, b]) {
      const own = rows.filter((f) => f.ownerType === 'site' && f.ownerId === site.id);
      expect(own.filter((f) => f.defaultImage)).toHaveLength(1);
    }
    for (const row of rows) {
      const bytes = stored.get(row.storageKey);
      expect(bytes?.length).toBe(row.sizeBytes);
      const magic = row.contentType === 'application/pdf' ? '%PDF' : '\x89PNG';
      expect(bytes?.subarray(0, 4).toString('latin1')).toBe(magic);
      expect(row.storageKey).toMatch(/^files\/[a-z0-9-]+$/);
    }
    const [o] = await db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(
      stored
        .get(o?.logo ?? '')
        ?.subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const demoJobs = await db.select().from(jobs).where(eq(jobs.organisationId, org.id));
    expect(demoJobs.filter((j) => j.permanent)).toHaveLength(1);
    expect(demoJobs.filter((j) => j.meterId !== null)).toHaveLength(1);
  });
});
