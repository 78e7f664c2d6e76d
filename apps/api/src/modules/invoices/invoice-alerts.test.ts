import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { invoiceLineItems } from '@verdant/db/schema/inputs';
import { MSG } from '@verdant/domain/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mail';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { evaluateInvoiceAlerts } from './invoice-alerts.evaluate';
import { evaluateOrganisation } from './invoice-alerts.service';

/*
 * Depot supply (kWh): January 2026 (INV-1, $250.00 on 1,000 kWh, GST $37.50, items $200 energy at 20 c x 1,000
 * and $50 daily charge), February (INV-1 again: duplicate number), then April (a gap of March), with a due date
 * before its invoice date. Their meter belongs to another organisation.
 */
let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const sent: MailMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date('2026-05-20T10:00:00Z'),
    mailer: { send: async (m) => void sent.push(m) },
  });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Audit Org' });
  const other = await createOrganisation(db, { name: 'Other Audit Org' });
  const electricity = await createDataType(db, { name: 'Electricity audit' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const site = await createSite(db, org.id, { name: 'Depot' });
  const meter = await createMeter(db, site, { localName: 'Depot supply', ...kwh });
  const theirSite = await createSite(db, other.id, { name: 'Their Site' });
  const theirMeter = await createMeter(db, theirSite, { localName: 'Their meter', ...kwh });
  const base = { consumption: 1000, cost: 250, taxAmount: '37.50' };
  const jan = await createInvoice(db, meter, {
    from: '2026-01-01',
    till: '2026-01-31',
    invoiceNumber: 'INV-1',
    ...base,
  });
  const feb = await createInvoice(db, meter, {
    from: '2026-02-01',
    till: '2026-02-28',
    invoiceNumber: 'inv-1',
    ...base,
    consumption: 1100,
  });
  const apr = await createInvoice(db, meter, {
    from: '2026-04-01',
    till: '2026-04-30',
    invoiceNumber: 'INV-4',
    ...base,
    consumption: 1200,
    invoiceDate: '2026-05-05',
    dateDue: '2026-05-01',
  });
  const theirs = await createInvoice(db, theirMeter, { from: '2026-01-01', till: '2026-01-31', ...base });
  await db.insert(invoiceLineItems).values([
    {
      organisationId: org.id,
      invoiceId: jan.id,
      category: 'charge',
      description: 'Energy',
      rate: '20',
      units: '1000',
      total: '200.00',
    },
    {
      organisationId: org.id,
      invoiceId: jan.id,
      category: 'charge',
      // $1.6129 a day cannot be typed as a rate (a rate under 100 is cents, 100 or more dollars): a lump sum.
      description: 'Daily, 31 days',
      total: '50.00',
    },
  ]);
  Object.assign(ids, {
    meter: meter.id,
    jan: jan.id,
    feb: feb.id,
    apr: apr.id,
    theirs: theirs.id,
    other: other.id,
  });
  await createMember(db, org.id, { loginId: 'a.admin', accessId: 2, admin: true, email: 'admin@audit.test' });
  await createMember(db, org.id, { loginId: 'a.general', accessId: 3 });
  await createMember(db, org.id, { loginId: 'a.observer', accessId: 4 });
  const barred = await createMember(db, org.id, { loginId: 'a.barred', accessId: 3 });
  await grantRight(db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'a.outsider', accessId: 2, admin: true });
  await createUser(db, { loginId: 'a.root', productAdmin: true });
  for (const k of ['a.root', 'a.admin', 'a.general', 'a.observer', 'a.barred', 'a.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? '') });
const stored = async () =>
  (await t.db.select().from(meterAlerts).where(eq(meterAlerts.organisationId, org.id))).filter(
    (a) => a.invoiceId,
  );

describe('evaluateInvoiceAlerts', () => {
  it('a dry run answers the alerts and stores nothing', async () => {
    const alerts = await t.db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, org.id, [ids.feb ?? 0, ids.apr ?? 0], { dryRun: true }),
    );
    expect(alerts.map((a) => [a.invoiceId, a.audit, a.id, a.reportStatus])).toEqual([
      [ids.feb, 'duplicate-number', null, 1],
      [ids.apr, 'due-date', null, 1],
      [ids.apr, 'gap-before', null, 1],
    ]);
    expect(alerts.find((a) => a.audit === 'gap-before')?.details).toBe(
      '31 days not invoiced before this invoice (01/03/2026 to 31/03/2026)',
    );
    expect(await stored()).toEqual([]);
  });

  it('stores the alerts, keeps reviewed ones and drops unreviewed ones no longer raised', async () => {
    const alerts = await t.db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, org.id, [ids.jan ?? 0, ids.feb ?? 0, ids.apr ?? 0], { dryRun: false }),
    );
    // January's items reconcile: energy 20 c x 1,000 = $200; daily 161.29 c x 31 = $50.00; GST 15% of $250.
    expect(
      alerts.map(
        (a) => `${a.invoiceId === ids.jan ? 'jan' : a.invoiceId === ids.feb ? 'feb' : 'apr'} ${a.audit}`,
      ),
    ).toEqual(['jan duplicate-number', 'feb duplicate-number', 'apr due-date', 'apr gap-before']);
    expect(alerts.every((a) => a.id !== null && a.reportStatus === 1 && a.meterId === ids.meter)).toBe(true);
    const link = (await stored()).find((a) => a.audit === 'due-date')?.link;
    expect(link).toBe(`/data-sources/${ids.meter}/invoices/${ids.apr}`);
    // Won't Send on the February duplicate; then the due date is fixed and everything is evaluated again.
    await t.db.execute(sql`update meter_alerts set status = 'deleted' where invoice_id = ${ids.feb}`);
    await t.db.execute(sql`update invoices set date_due = '2026-05-25' where id = ${ids.apr}`);
    await t.db.execute(sql`update invoices set invoice_number = 'INV-2' where id = ${ids.feb}`);
    const again = await t.db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, org.id, [ids.jan ?? 0, ids.feb ?? 0, ids.apr ?? 0], { dryRun: false }),
    );
    expect(again.map((a) => [a.audit, a.reportStatus])).toEqual([
      ['duplicate-number', 2],
      ['gap-before', 1],
    ]);
  });

  it("ignores another organisation's invoices", async () => {
    const alerts = await t.db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, org.id, [ids.theirs ?? 0], { dryRun: false }),
    );
    expect(alerts).toEqual([]);
  });

  it('the organisation job audits the last year of invoices', async () => {
    const n = await evaluateOrganisation(t.db, org.id, '2026-05-20');
    expect(n).toEqual({ invoices: 3, alerts: 1 });
  });
});

describe('POST /invoices/alerts/{id}/reset', () => {
  const wontSend = async () => {
    const [a] = (await stored()).filter((x) => x.audit === 'duplicate-number');
    await t.db.execute(
      sql`update meter_alerts set status = 'deleted', comment = 'Known' where id = ${a?.id ?? 0}`,
    );
    return a?.id ?? 0;
  };

  it("resets a Won't Send alert to Unreviewed for a general user, with an audit row", async () => {
    const id = await wontSend();
    const res = await call('a.general', 'POST', `/invoices/alerts/${id}/reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      meterId: ids.meter,
      reportStatus: 1,
      audit: 'duplicate-number',
      name: 'Duplicate invoice number',
    });
    const [row] = await t.db.select().from(meterAlerts).where(eq(meterAlerts.id, id));
    expect(row).toMatchObject({ status: 'pending', comment: null });
    const audits = await t.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'reset alert'`,
    );
    expect(audits.rows[0]).toEqual({ n: 1 });
  });

  it('refuses an observer (403), a user barred from the meter and another organisation (404), changing nothing', async () => {
    const id = await wontSend();
    expect((await call('a.observer', 'POST', `/invoices/alerts/${id}/reset`)).statusCode).toBe(403);
    expect((await call('a.barred', 'POST', `/invoices/alerts/${id}/reset`)).statusCode).toBe(404);
    expect((await call('a.outsider', 'POST', `/invoices/alerts/${id}/reset`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(meterAlerts).where(eq(meterAlerts.id, id));
    expect(row?.status).toBe('deleted');
  });

  it('refuses a sent alert with a 400, an unknown one with 404, a bad id with 400', async () => {
    const id = await wontSend();
    await t.db.execute(sql`update meter_alerts set status = 'sent' where id = ${id}`);
    const res = await call('a.admin', 'POST', `/invoices/alerts/${id}/reset`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invoiceAlertSent);
    expect((await call('a.admin', 'POST', '/invoices/alerts/99999999/reset')).statusCode).toBe(404);
    expect((await call('a.admin', 'POST', '/invoices/alerts/abc/reset')).statusCode).toBe(400);
  });

  it('a scheduled invoice alert goes out with the alerts report and a link to its invoice', async () => {
    const [a] = (await stored()).filter((x) => x.audit === 'gap-before');
    await t.db.execute(sql`update meter_alerts set status = 'scheduled' where id = ${a?.id ?? 0}`);
    sent.length = 0;
    const res = await call('a.root', 'GET', '/admin/alerts-report?dryRun=false');
    expect(res.statusCode).toBe(200);
    expect(sent.some((m) => m.text.includes('31 days not invoiced'))).toBe(true);
  });
});

describe('GET /meters/{id}/invoice-alerts', () => {
  it('lists the invoice alerts in every status to members; refuses the barred and other organisations', async () => {
    const res = await call('a.observer', 'GET', `/meters/${ids.meter}/invoice-alerts`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { audit: string; reportStatus: number; invoiceId: number }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]?.invoiceId).toBe(ids.apr);
    expect((await call('a.barred', 'GET', `/meters/${ids.meter}/invoice-alerts`)).statusCode).toBe(404);
    expect((await call('a.outsider', 'GET', `/meters/${ids.meter}/invoice-alerts`)).statusCode).toBe(404);
  });
});

describe('POST /organisations/{id}/invoice-alerts/evaluate', () => {
  it('administrators queue the job; others are refused', async () => {
    const url = `/organisations/${org.id}/invoice-alerts/evaluate`;
    expect((await call('a.admin', 'POST', url)).statusCode).toBe(200);
    expect((await call('a.general', 'POST', url)).statusCode).toBe(403);
    expect((await call('a.outsider', 'POST', url)).statusCode).toBe(403);
  });
});
