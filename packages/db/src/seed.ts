import { randomBytes } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { addMembership, createMember, createOrganisation, createUser } from './factories';
import { hashPassword } from './password-hash';
import { appMeta, users } from './schema/core';

export const DEMO_PASSWORD = 'Verdant-demo-1';
export const DEMO_SEED = 20261121;
const SEEDED_KEY = 'demo_seeded';

export interface SeedResult {
  seeded: boolean;
  adminPassword?: string;
  adminPasswordGenerated?: boolean;
}

/** Loads the demo organisations and accounts once; later starts find the marker and do nothing. */
export async function seedDemoOnce(db: Db, opts: { adminPassword?: string } = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // One seeder at a time, even with several API processes starting together.
    await tx.execute('select pg_advisory_xact_lock(74201)');
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (done.length > 0) return { seeded: false };

    faker.seed(DEMO_SEED);
    const adminPassword = opts.adminPassword ?? randomBytes(12).toString('base64url');

    const demo = await createOrganisation(tx, {
      name: 'Demo Organisation',
      orgAddress1: '1 Example Street',
      orgAddress2: 'Wellington Central',
      orgAddress3: 'Wellington 6011',
      alertEmail: 'alerts@demo.verdant.example',
      compReportEmail: 'reports@demo.verdant.example',
    });
    const trust = await createOrganisation(tx, {
      name: 'Demo Water Trust',
      orgAddress1: '20 Reservoir Road',
    });
    const harbour = await createOrganisation(tx, { name: 'Harbour Council', orgAddress1: '5 Quay Street' });

    const person = { password: DEMO_PASSWORD };
    const demoUser = await createMember(tx, demo.id, {
      ...person,
      loginId: 'demo',
      email: 'demo@verdant.example',
      title: 'Ms',
      firstName: 'Dana',
      surname: 'Demo',
      position: 'Sustainability Manager',
      employingOrganisation: 'Demo Organisation',
      accessId: 2,
      admin: true,
    });
    await addMembership(tx, { userId: demoUser.id, organisationId: trust.id, accessId: 3 });
    await createMember(tx, demo.id, {
      ...person,
      loginId: 'demo.general',
      email: 'general@verdant.example',
      firstName: 'Gene',
      surname: 'General',
      accessId: 3,
    });
    await createMember(tx, demo.id, {
      ...person,
      loginId: 'demo.observer',
      email: 'observer@verdant.example',
      firstName: 'Olive',
      surname: 'Observer',
      accessId: 4,
    });
    await createMember(tx, harbour.id, {
      ...person,
      loginId: 'harbour.admin',
      email: 'admin@harbour.example',
      firstName: 'Hana',
      surname: 'Harbour',
      accessId: 2,
      admin: true,
    });
    // Colleagues so that the users list has more than a handful of rows.
    for (let i = 0; i < 12; i++) {
      await createMember(tx, demo.id, { ...person, accessId: i % 3 === 0 ? 3 : 4 });
    }
    await createUser(tx, {
      password: adminPassword,
      loginId: 'admin',
      email: 'admin@verdant.example',
      firstName: 'Product',
      surname: 'Administrator',
      productAdmin: true,
    });

    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return { seeded: true, adminPassword, adminPasswordGenerated: opts.adminPassword === undefined };
  });
}

/** Sets the product administrator's password from ADMIN_PASSWORD, so an operator can always recover access. */
export async function setAdminPassword(db: Db, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.loginId, 'admin'));
}
