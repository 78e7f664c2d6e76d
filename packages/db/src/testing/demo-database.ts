import { connect } from '../client';
import { seedDemoOnce } from '../seed';
import { TEMPLATE_DB } from './global-setup';
import { cloneDatabase, createTestDatabase, type TestDatabase } from './test-database';

/** The demo as most test files load it: its administrator's password and its today fixed. */
export const TEST_DEMO = { adminPassword: 'Admin-pass-123', today: '2026-11-21' } as const;

export interface DemoTestDatabase extends TestDatabase {
  /** The Demo Organisation's id. */
  demoOrganisationId: number;
}

/** The template with the demo loaded, made by the first file of the test process that asks for it. */
let demoTemplate: Promise<{ name: string; demoOrganisationId: number }> | undefined;

/**
 * A fresh database with the demo loaded as `seedDemoOnce(db, TEST_DEMO)` loads it, cloned from a template that
 * the test process loads once (docs/decisions/tooling.md, The demo loaded once a test run): a file that needs
 * other options (a store for the demo's files, another today) loads its own.
 */
export async function createDemoTestDatabase(): Promise<DemoTestDatabase> {
  demoTemplate ??= loadDemoTemplate();
  const { name, demoOrganisationId } = await demoTemplate;
  const database = await createTestDatabase(name);
  return Object.assign(database, { demoOrganisationId });
}

/** Clones the migrated template, loads the demo into it and lets it go, to be cloned in turn. */
async function loadDemoTemplate(): Promise<{ name: string; demoOrganisationId: number }> {
  // A name of the process's own: two test runs may share an external server. The run's server or cluster
  // goes with the run (packages/db/src/testing/global-setup.ts, .ci/run).
  const { name, url } = await cloneDatabase(TEMPLATE_DB, 't_demo_');
  // A clone needs the template without a connection: this one is closed before the first clone.
  const database = connect(url, 2);
  try {
    const seeded = await seedDemoOnce(database.db, TEST_DEMO);
    return { name, demoOrganisationId: seeded.demoOrganisationId ?? 0 };
  } finally {
    await database.close();
  }
}
