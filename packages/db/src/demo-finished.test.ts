import { readFile } from 'node:fs/promises';
import { ACCESS_LABELS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOnce } from './seed';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/*
 * A demo that sells the product (docs/decisions/demo.md): meters open when their invoices start, notes say
 * what their invoices show, half-hour days differ as real days do, people are people a council employs, and
 * the README describes each demo account as the demo has it.
 */
const TODAY = '2026-11-28';
let t: TestDatabase;
let organisationId = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  const seeded = await seedDemoOnce(t.db, { adminPassword: 'Admin-pass-123', today: TODAY });
  organisationId = seeded.demoOrganisationId ?? 0;
}, 300_000);
afterAll(() => t.close());

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;

describe('a demo that sells the product', () => {
  it('opens each invoiced meter on the first day of its invoices, or explains the days before', async () => {
    const meters = await rows<{ name: string; open: string; first: string; explained: boolean }>(sql`
      select m.local_name as name, m.meter_open::text as open, min(i.date_from)::text as first,
        exists (select 1 from jobs j where j.meter_id = m.id and j.invoice_gap_filler
          and j.date_from <= m.meter_open and j.date_till >= min(i.date_from) - 1) as explained
      from meters m join invoice_meters im on im.meter_id = m.id join invoices i on i.id = im.invoice_id
      where m.organisation_id = ${organisationId} group by m.id order by m.local_name`);
    expect(meters.length).toBeGreaterThan(30);
    const unexplained = meters.filter((m) => m.open !== m.first && !m.explained);
    expect(unexplained).toEqual([]);
  });

  it('binds notes to invoices that bear them out, and marks no invoiced days as never invoiced', async () => {
    const bound = await rows<{ text: string; readType: string; taxOff: boolean; levyOff: boolean }>(sql`
      select j.text, i.read_type as "readType",
        i.tax_amount <> round(i.cost_excl_tax * 0.15, 2) as "taxOff",
        exists (select 1 from invoice_line_items l where l.invoice_id = i.id and l.charge_type = 'levy'
          and abs(l.rate * l.units / 100 - l.total) > 0.05) as "levyOff"
      from jobs j join invoices i on i.id = j.invoice_id where j.organisation_id = ${organisationId}`);
    expect(bound.length).toBeGreaterThanOrEqual(2);
    for (const note of bound) {
      const says = note.text.toLowerCase();
      expect({ note: note.text, estimated: note.readType === 'estimated' }).toEqual({
        note: note.text,
        estimated: says.includes('estimated read'),
      });
      if (says.includes('gst')) expect(note).toMatchObject({ taxOff: true });
      if (says.includes('levy')) expect(note).toMatchObject({ levyOff: true });
    }
    const invoicedGaps = await rows<{ text: string }>(sql`
      select j.text from jobs j where j.organisation_id = ${organisationId} and j.invoice_gap_filler
        and exists (select 1 from invoice_meters im join invoices i on i.id = im.invoice_id
          where im.meter_id = j.meter_id and i.date_from <= coalesce(j.date_till, i.date_from)
            and i.date_till >= j.date_from)`);
    expect(invoicedGaps).toEqual([]);
  });

  it('draws half-hour days that differ by weekday, season and weather', async () => {
    const days = await rows<{ name: string; date: string; peak: number; total: number; dow: number }>(sql`
      select m.local_name as name, d.read_date::text as date, (select max(v) from unnest(d.kw) v) as peak,
        d.day_kwh as total, extract(isodow from d.read_date)::int as dow
      from half_hour_days d join meters m on m.id = d.meter_id
      where d.organisation_id = ${organisationId} and d.register = 0 and d.readings = 48
      order by m.local_name, d.read_date`);
    const meters = [...new Set(days.map((d) => d.name))];
    expect(meters).toHaveLength(3);
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    for (const name of meters) {
      const mine = days.filter((d) => d.name === name);
      const month = (m: string) => mine.filter((d) => d.date.slice(5, 7) === m);
      // Weather: the working days of one month do not share one peak.
      const june = month('06').filter((d) => d.dow <= 5);
      expect(new Set(june.map((d) => d.peak.toFixed(1))).size, name).toBeGreaterThan(june.length / 2);
      // Weekdays: more is used Monday to Friday than at weekends.
      const weekday = mean(mine.filter((d) => d.dow <= 5).map((d) => d.total));
      const weekend = mean(mine.filter((d) => d.dow >= 6).map((d) => d.total));
      expect(weekday / weekend, name).toBeGreaterThan(1.2);
      // Season: winter and summer working days differ by more than a tenth.
      const winter = mean(
        month('07')
          .filter((d) => d.dow <= 5)
          .map((d) => d.total),
      );
      const summer = mean(
        month('01')
          .filter((d) => d.dow <= 5)
          .map((d) => d.total),
      );
      expect(Math.abs(winter / summer - 1), name).toBeGreaterThan(0.1);
    }
  });

  it('employs people with the names and job titles of a New Zealand council', async () => {
    const people = await rows<{ position: string | null; title: string | null }>(sql`
      select u.position, u.title from users u join memberships m on m.user_id = u.id
      where m.organisation_id = ${organisationId}`);
    expect(people.length).toBeGreaterThanOrEqual(150);
    // The words of a random job title generator, which no council's staff list has.
    const invented =
      /\b(Tactics|Paradigm|Directives|Mobility|Interactions|Factors|Usability|Functionality|Accountability|Implementation|Optimization|Branding|Identity|Intranet|Metrics|Markets|Dynamic|Legacy|Human|Future|Forward|Investor|Orchestrator|Liaison)\b/;
    expect(people.filter((p) => p.position === null || invented.test(p.position))).toEqual([]);
  });

  it('is described account by account in the README as the demo has it', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const accounts = await rows<{ login: string; organisation: string; access: number; admin: boolean }>(sql`
      select u.login_id as login, o.name as organisation, m.access_id as access, m.admin from users u
      join memberships m on m.user_id = u.id join organisations o on o.id = m.organisation_id
      where u.login_id in ('demo', 'demo.general', 'demo.observer', 'harbour.admin')`);
    const rights = await rows<{ login: string; site: string; right: number }>(sql`
      select u.login_id as login, s.name as site, r.right_id as right from advanced_rights r
      join users u on u.id = r.user_id join sites s on s.id = r.asset_id and r.asset_type = 'site'
      where u.login_id in ('demo', 'demo.general', 'demo.observer', 'harbour.admin')`);
    for (const login of ['demo', 'demo.general', 'demo.observer', 'harbour.admin']) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${login}\` |`)) ?? '';
      const says = [
        ...accounts
          .filter((a) => a.login === login)
          .flatMap((a) => [
            a.organisation,
            ACCESS_LABELS[a.access] ?? '',
            ...(a.admin ? ['Organisation administrator'] : []),
          ]),
        ...rights.filter((r) => r.login === login).flatMap((r) => [r.site, ACCESS_LABELS[r.right] ?? '']),
      ];
      expect({ login, missing: says.filter((s) => !row.includes(s)) }).toEqual({ login, missing: [] });
    }
  });
});
