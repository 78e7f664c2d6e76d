import { randomBytes } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { todayIn } from '@verdant/domain/time-zone';
import { eq } from 'drizzle-orm';
import { seedCatalogue } from './catalogue-seed';
import type { Db } from './client';
import { seedDemoAlerts } from './demo-alerts';
import { seedDemoDegreeDays } from './demo-degree-days';
import { seedDemoEmailIntake } from './demo-email-intake';
import { seedDemoEntities } from './demo-entities';
import { type DemoStorage, seedDemoFiles } from './demo-files';
import { seedDemoFleet } from './demo-fleet';
import { seedDemoGridIntensity } from './demo-grid-intensity';
import { seedDemoGroupings } from './demo-groupings';
import { seedDemoHalfHour } from './demo-half-hour';
import { seedDemoInvoiceAnomalies } from './demo-invoice-anomalies';
import { seedDemoInvoiceDocuments, seedDemoInvoiceHeaders } from './demo-invoice-documents';
import { seedDemoInvoiceLibrary } from './demo-invoice-library';
import { seedDemoLedger } from './demo-ledger';
import { seedDemoMeterAccounts } from './demo-meter-accounts';
import { seedDemoMeterNotes } from './demo-meter-notes';
import { seedDemoClosedMeter, seedDemoMeterSettings } from './demo-meter-settings';
import { seedDemoOrganisation } from './demo-organisation';
import { seedDemoColleagues } from './demo-people';
import { seedDemoPortals } from './demo-portals';
import { seedDemoPublicDatasets } from './demo-public-datasets';
import { seedDemoScope2 } from './demo-scope2';
import { seedDemoSites } from './demo-sites';
import { seedDemoSmartMeterInvoices } from './demo-smart-meters';
import { seedDemoTargetsAndRates } from './demo-targets-rates';
import { seedDemoTouInvoices } from './demo-tou-invoices';
import { seedDemoTransactions } from './demo-transactions';
import { addMembership, createMember, createOrganisation, createUser } from './factories';
import { hashPassword } from './password-hash';
import { seedReferenceData } from './reference-seed';
import { appMeta, users } from './schema/core';

export const DEMO_PASSWORD = 'Verdant-demo-1';
export const DEMO_SEED = 20261121;

/** The product administrator an installation makes for itself: the demo's, or one without the demo. */
const PRODUCT_ADMIN = {
  loginId: 'admin',
  email: 'admin@verdant.example',
  firstName: 'Product',
  surname: 'Administrator',
  productAdmin: true,
} as const;
const SEEDED_KEY = 'demo_seeded';

export interface SeedResult {
  seeded: boolean;
  adminPassword?: string;
  adminPasswordGenerated?: boolean;
  /** The demo organisation, when this call loaded it. */
  demoOrganisationId?: number;
}

/** Loads the demo organisations and accounts once; later starts find the marker and do nothing. */
export async function seedDemoOnce(
  db: Db,
  opts: {
    adminPassword?: string;
    today?: string;
    storage?: DemoStorage;
    fleet?: boolean;
    /** The demo's data-entry portals and their data sources (demo-portals.ts). */
    portals?: boolean;
    invoiceDocuments?: boolean;
    /** The smart meters' second registers, estimated days and gap, and the generator's diesel. */
    intervalExtras?: boolean;
  } = {},
): Promise<SeedResult> {
  // The demo's meters use the catalogue's data types and factors.
  await seedCatalogue(db);
  await seedReferenceData(db);
  // The demo organisations keep New Zealand time (the schema's default zone): their today, not UTC's.
  const today = opts.today ?? todayIn('Pacific/Auckland');
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
      title: 'Mr',
      firstName: 'Gene',
      surname: 'General',
      position: 'Energy Analyst',
      employingOrganisation: 'Demo Organisation',
      accessId: 3,
    });
    // An Observer of the organisation who runs the Aquatic Centre, where she is a General User.
    const observer = await createMember(tx, demo.id, {
      ...person,
      loginId: 'demo.observer',
      email: 'observer@verdant.example',
      title: 'Ms',
      firstName: 'Olive',
      surname: 'Observer',
      position: 'Aquatic Centre Manager',
      employingOrganisation: 'Demo Organisation',
      accessId: 4,
    });
    await createMember(tx, harbour.id, {
      ...person,
      loginId: 'harbour.admin',
      email: 'admin@harbour.example',
      firstName: 'Hana',
      surname: 'Harbour',
      position: 'Asset Manager',
      employingOrganisation: 'Harbour Council',
      accessId: 2,
      admin: true,
    });
    const sites = await seedDemoColleagues(tx, demo.id, { observer: observer.id, password: DEMO_PASSWORD });
    await seedDemoSites(tx, { organisationId: demo.id, sites });
    await seedDemoLedger(tx, sites, today);
    // The interval extras change the smart meters' figures (a gap, a second import register) and adds a
    // meter; left out, like the fleet, to compare the demo's figures with those from before it.
    if (opts.intervalExtras !== false) {
      await seedDemoHalfHour(tx, { organisationId: demo.id, today });
      await seedDemoTransactions(tx, { organisationId: demo.id, sites, today });
    }
    // The fleet can be left out to compare the demo's figures with those from before it.
    if (opts.fleet !== false) await seedDemoFleet(tx, { organisationId: demo.id, sites, today });
    await seedDemoClosedMeter(tx, { organisationId: demo.id });
    // The portals' data sources are check meters (in no total); left out like the fleet to compare figures.
    if (opts.portals !== false) await seedDemoPortals(tx, { organisationId: demo.id, today });
    await seedDemoMeterAccounts(tx, { organisationId: demo.id });
    await seedDemoMeterSettings(tx, { organisationId: demo.id });
    await seedDemoScope2(tx, { organisationId: demo.id, today });
    await seedDemoGridIntensity(tx, today);
    await seedDemoAlerts(tx, demo.id, today);
    await seedDemoInvoiceAnomalies(tx, demo.id, today);
    // Entities point at ledger meters by name; files add a note on a meter: both come after the ledger.
    await seedDemoEntities(tx, { organisationId: demo.id, sites });
    await seedDemoMeterNotes(tx, { organisationId: demo.id, today });
    await seedDemoDegreeDays(tx, { organisationId: demo.id, today });
    await seedDemoPublicDatasets(tx, { today });
    await seedDemoOrganisation(tx, { organisationId: demo.id, sites, today });
    await seedDemoGroupings(tx, { organisationId: demo.id });
    await seedDemoTargetsAndRates(tx, { organisationId: demo.id, today });
    if (opts.storage) await seedDemoFiles(tx, { organisationId: demo.id, sites, today }, opts.storage);
    // The reversal, replacement and decommission change figures on purpose; they can be left out
    // like the fleet to compare the demo's figures with those from before them.
    if (opts.invoiceDocuments !== false) {
      await seedDemoInvoiceDocuments(tx, { organisationId: demo.id, today }, opts.storage);
      // The smart meters' invoices beside their half-hour data (the virtual invoice) change their cost too.
      await seedDemoTouInvoices(tx, { organisationId: demo.id, today });
      await seedDemoSmartMeterInvoices(tx, { organisationId: demo.id, today });
    }
    await seedDemoInvoiceHeaders(tx, demo.id);
    if (opts.storage) await seedDemoInvoiceLibrary(tx, { organisationId: demo.id }, opts.storage);
    if (opts.storage)
      await seedDemoEmailIntake(
        tx,
        { organisationId: demo.id, actingUserId: demoUser.id, now: new Date(`${today}T09:00:00Z`) },
        opts.storage,
      );
    await createUser(tx, { password: adminPassword, ...PRODUCT_ADMIN });

    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return {
      seeded: true,
      demoOrganisationId: demo.id,
      adminPassword,
      adminPasswordGenerated: opts.adminPassword === undefined,
    };
  });
}

/** Sets the product administrator's password from ADMIN_PASSWORD, so an operator can always recover access. */
export async function setAdminPassword(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.loginId, 'admin'))
    .returning({ id: users.id });
  if (updated.length > 0) return;
  // Without the demo (SEED_DEMO=false) there is no `admin` yet: make the product administrator here. Another
  // process starting at the same moment may make it first; its row, with the same password, is kept.
  await db
    .insert(users)
    .values({ ...PRODUCT_ADMIN, passwordHash })
    .onConflictDoNothing();
}

/**
 * An installation without the demo and without ADMIN_PASSWORD: while it has no product administrator, makes
 * `admin` with a generated password and returns it, to be shown once (as the demo's is); null when one exists
 * (or another process starting at the same moment made it).
 */
export async function ensureProductAdmin(db: Db): Promise<{ password: string } | null> {
  const any = await db.select({ id: users.id }).from(users).where(eq(users.productAdmin, true)).limit(1);
  if (any.length > 0) return null;
  const password = randomBytes(12).toString('base64url');
  const made = await db
    .insert(users)
    .values({ ...PRODUCT_ADMIN, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return made.length > 0 ? { password } : null;
}
