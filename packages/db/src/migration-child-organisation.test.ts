import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate';

/** The migration adding organisation_id to child tables carries existing rows over: the child tables take their parent's organisation. */
const NAME = `t_mig_${Date.now().toString(36)}`;
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
/** Found by name, so that renumbering the migration at merge time does not break the test. */
const THIS = MIGRATION_FILES.find((f) => f.endsWith('_organisation_on_child_rows.sql')) ?? '';
let admin: pg.Client;
let db: pg.Client;

const statements = (file: string) =>
  readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

async function apply(file: string) {
  for (const statement of statements(file)) await db.query(statement);
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`create database ${NAME}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${NAME}`;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files.filter((f) => f < '0008')) await apply(file);
});
afterAll(async () => {
  await db.end();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
});

const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;

it('backfills organisation_id from the parent and forgets meters of another organisation', async () => {
  const { a } = await one<{ a: number }>(
    `insert into organisations (name) values ('Org A') returning id as a`,
  );
  const { b } = await one<{ b: number }>(
    `insert into organisations (name) values ('Org B') returning id as b`,
  );
  const { site } = await one<{ site: number }>(
    'insert into sites (organisation_id, name) values ($1, $2) returning id as site',
    [a, 'Plant'],
  );
  const { siteB } = await one<{ siteB: number }>(
    'insert into sites (organisation_id, name) values ($1, $2) returning id as "siteB"',
    [b, 'Elsewhere'],
  );
  const meter = async (org: number, at: number, name: string) =>
    (
      await one<{ id: number }>(
        'insert into meters (organisation_id, site_id, local_name) values ($1, $2, $3) returning id',
        [org, at, name],
      )
    ).id;
  const power = await meter(a, site, 'Power');
  const foreign = await meter(b, siteB, 'Foreign water');
  const entity = async (type: string) =>
    (
      await one<{ id: number }>(
        'insert into entities (organisation_id, site_id, name, entity_type) values ($1, $2, $3, $4) returning id',
        [a, site, type, type],
      )
    ).id;
  const pump = await entity('PUMP');
  const plant = await entity('WWTP');
  const { group } = await one<{ group: number }>(
    `insert into asset_groups (organisation_id, member_type, name) values ($1, 'site', 'North') returning id as group`,
    [a],
  );
  const { indicator } = await one<{ indicator: number }>(
    `insert into indicators (description, unit) values ('Floor area', 'm2') returning id as indicator`,
  );
  await db.query('insert into asset_group_members (group_id, asset_id) values ($1, $2)', [group, site]);
  await db.query('insert into site_indicator_values (site_id, indicator_id, value) values ($1, $2, 10)', [
    site,
    indicator,
  ]);
  await db.query('insert into entity_indicator_values (entity_id, indicator_id, value) values ($1, $2, 5)', [
    pump,
    indicator,
  ]);
  await db.query('insert into entity_usages (entity_id, design_eui) values ($1, 120)', [pump]);
  await db.query(
    'insert into entity_pumps (entity_id, head_metres, power_meter_id, flow_meter_id) values ($1, 38, $2, $3)',
    [pump, power, foreign],
  );
  await db.query('insert into entity_wastewater_plants (entity_id, influent_meter_id) values ($1, $2)', [
    plant,
    foreign,
  ]);

  await apply(THIS);

  for (const table of [
    'asset_group_members',
    'site_indicator_values',
    'entity_indicator_values',
    'entity_usages',
    'entity_pumps',
    'entity_wastewater_plants',
  ]) {
    expect(await one(`select array_agg(distinct organisation_id) as orgs from ${table}`), table).toEqual({
      orgs: [a],
    });
  }
  expect(await one('select power_meter_id, flow_meter_id from entity_pumps')).toEqual({
    power_meter_id: power,
    flow_meter_id: null,
  });
  expect(await one('select influent_meter_id from entity_wastewater_plants')).toEqual({
    influent_meter_id: null,
  });
});
