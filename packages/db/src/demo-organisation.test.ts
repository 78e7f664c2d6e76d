import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from './asset-factories';
import { seedDemoOrganisation } from './demo-organisation';
import { createOrganisation } from './factories';
import { organisations } from './schema/core';
import { procurementExpiries } from './schema/organisation';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo organisation settings', () => {
  it('fills the settings page: alert settings as JSON text, targets and future-dated expiries', async () => {
    const db = database.db;
    const org = await createOrganisation(db, { name: 'Demo Organisation' });
    const site = await createSite(db, org.id, { name: 'Head Office' });
    await db.transaction((tx) =>
      seedDemoOrganisation(tx, { organisationId: org.id, sites: [site], today: '2026-11-21' }),
    );
    const [row] = await db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(JSON.parse(row?.alertSettings ?? '')).toEqual({
      estimatesAlertEnabled: true,
      estimatesAlertCount: 3,
      nillConsumptionAlertEnabled: true,
      nillConsumptionAlertCount: 2,
    });
    expect(row).toMatchObject({ subscriptionExpiry: '2027-06-30', reportingYearEnd: 12 });
    expect(Number(row?.co2eTarget)).toBeGreaterThan(0);
    const expiries = await db
      .select()
      .from(procurementExpiries)
      .where(eq(procurementExpiries.organisationId, org.id));
    expect(expiries).toHaveLength(5);
    expect(expiries.map((e) => e.expiryDate)).toContain('2027-03-31');
    expect(expiries.some((e) => e.description.includes('Head Office'))).toBe(true);
  });
});
