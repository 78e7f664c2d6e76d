import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { auditEvents } from '@verdant/db/schema/audit';
import { consumptionRecords } from '@verdant/db/schema/inputs';
import { monthlyFacts } from '@verdant/db/schema/ledger';
import { vehicles } from '@verdant/db/schema/vehicles';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Consumption Org' });
  const other = await createOrganisation(t.db, { name: 'Other Consumption Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity records' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const site = await createSite(t.db, org.id, { name: 'Library' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const submeter = await createMeter(t.db, site, {
    localName: 'Level 3 submeter',
    metlvlId: 2,
    meterType: 8,
    meterOpen: '2026-01-01',
    meterClose: '2026-12-31',
    ...kwh,
  });
  const supply = await createMeter(t.db, site, { localName: 'Main supply', meterType: 2, ...kwh });
  const second = await createMeter(t.db, site, { localName: 'Other submeter', meterType: 8, ...kwh });
  // A vehicle's distance meter: its records are rebuilt from the odometer readings of its fuel purchases.
  const fuel = await createMeter(t.db, site, { localName: 'Van fuel', meterType: 7, ...kwh });
  const distance = await createMeter(t.db, site, { localName: 'Van distance', meterType: 8, ...kwh });
  await t.db.insert(vehicles).values({
    organisationId: org.id,
    siteId: site.id,
    registration: 'VAN1',
    make: 'Toyota',
    model: 'Hiace',
    year: 2020,
    seats: 3,
    engineSize: '2.8',
    desiredEff: '10',
    bodyShapeId: 6,
    transmissionTypeId: 1,
    fuelId: electricity.id,
    purchaseDate: '2026-01-01',
    consMeterId: fuel.id,
    distanceMeterId: distance.id,
  });
  Object.assign(ids, { submeter: submeter.id, supply: supply.id, second: second.id, distance: distance.id });
  await createMember(t.db, org.id, { loginId: 'c.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'c.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'c.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'c.outsider', accessId: 2, admin: true });
  for (const k of ['c.admin', 'c.general', 'c.observer', 'c.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const listOf = (meter = ids.submeter) => `/meters/${meter}/meter-consumption`;
const addTo = (meter = ids.submeter) => `/meters/${meter}/meter-consumptions`;
const recordCount = async () => (await t.db.select().from(consumptionRecords)).length;
const factsOf = async (meterId = ids.submeter ?? 0) =>
  Object.fromEntries(
    (await t.db.select().from(monthlyFacts).where(eq(monthlyFacts.meterId, meterId))).map((f) => [
      f.month,
      f.quantityStd,
    ]),
  );

describe('consumption records', () => {
  it('a general user adds three rows at once; the ledger counts them in the same transaction', async () => {
    const res = await call('c.general', 'POST', addTo(), [
      { dateFrom: '2026-01-01', dateTill: '2026-01-31', units: 3100 },
      { dateFrom: '2026-02-01', dateTill: '2026-02-28', units: 2800 },
      // Spread evenly: 10 days of March and 10 of April.
      { dateFrom: '2026-03-22', dateTill: '2026-04-10', units: 2000 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('3 consumption records created');
    expect(res.json().data.consumption).toHaveLength(3);
    expect(await factsOf()).toEqual({
      '2026-01-01': 3100,
      '2026-02-01': 2800,
      '2026-03-01': 1000,
      '2026-04-01': 1000,
    });
    const list = (await call('c.observer', 'GET', listOf())).json();
    expect(list).toMatchObject({
      unit: 'kWh',
      meterOpen: '2026-01-01',
      mayEdit: false,
      readOnlyReason: null,
    });
    expect(list.records.map((r: { dateFrom: string; units: number }) => [r.dateFrom, r.units])).toEqual([
      ['2026-01-01', 3100],
      ['2026-02-01', 2800],
      ['2026-03-22', 2000],
    ]);
    expect((await call('c.general', 'GET', listOf())).json().mayEdit).toBe(true);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.assetId, ids.submeter ?? 0));
    expect(audits.some((e) => e.action === 'create' && 'consumptionRecords' in (e.changes ?? {}))).toBe(true);
  });

  it('refuses each row the dialog refuses, with the spec message, and stores none of the rows', async () => {
    const before = await recordCount();
    const good = { dateFrom: '2026-06-01', dateTill: '2026-06-30', units: 1 };
    const bad: [object, string][] = [
      [{ dateFrom: '2025-12-01', dateTill: '2025-12-31', units: 1 }, MSG.consumptionBeforeOpen],
      [{ dateFrom: '2026-12-01', dateTill: '2027-01-31', units: 1 }, MSG.consumptionAfterClose],
      [{ dateFrom: '2026-07-10', dateTill: '2026-07-01', units: 1 }, MSG.consumptionFromAfterTill],
      [{ dateFrom: '2026-02-28', dateTill: '2026-03-05', units: 1 }, MSG.consumptionOverlapsRecord],
      [{ dateFrom: '2026-06-30', dateTill: '2026-07-05', units: 1 }, MSG.consumptionOverlapsEntry],
      [{ dateFrom: '2026-07-01', dateTill: '2026-07-05', units: -5 }, MSG.consumptionUnitsNegative],
      [{ dateFrom: '2026-07-01', dateTill: '2026-07-05', units: 'ten' }, MSG.consumptionUnitsNumber],
      [{ dateFrom: '2026-02-30', dateTill: '2026-03-05', units: 1 }, MSG.dateFormat],
      [
        { dateFrom: '2026-07-01\u0000', dateTill: '2026-07-05', units: 1 },
        'Text cannot contain a NUL character',
      ],
      [{ dateFrom: '2026-07-01', dateTill: '2026-07-05', units: 1e20 }, MSG.consumptionUnitsNumber],
    ];
    for (const [row, message] of bad) {
      const res = await call('c.admin', 'POST', addTo(), [good, row]);
      expect(res.statusCode, JSON.stringify(row)).toBe(400);
      expect(res.json().message, JSON.stringify(row)).toBe(message);
    }
    const empty = await call('c.admin', 'POST', addTo(), []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.consumptionRowsRequired);
    // Both overlapping rows are named.
    const both = await call('c.admin', 'POST', addTo(), [good, { ...good, dateFrom: '2026-06-15' }]);
    expect(both.json().fields).toEqual({
      '0': [MSG.consumptionOverlapsEntry],
      '1': [MSG.consumptionOverlapsEntry],
    });
    expect(await recordCount()).toBe(before);
  });

  it('edits a row with its four messages, and recomputes', async () => {
    const list = (await call('c.admin', 'GET', listOf())).json();
    const feb = list.records[1];
    const put = (body: object) => call('c.general', 'PUT', `${listOf()}/${feb.id}`, body);
    const bad: [object, Record<string, string[]>][] = [
      [
        { dateFrom: '2026-02-20', dateTill: '2026-02-10', units: 1 },
        { dateFrom: [MSG.consumptionFromAfterTill], dateTill: [MSG.consumptionTillBeforeFrom] },
      ],
      [
        { dateFrom: '2026-01-31', dateTill: '2026-02-28', units: 1 },
        { dateFrom: [MSG.consumptionFromBeforePrevious] },
      ],
      [
        { dateFrom: '2026-02-01', dateTill: '2026-03-22', units: 1 },
        { dateTill: [MSG.consumptionTillAfterNext] },
      ],
    ];
    for (const [body, fields] of bad) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    const res = await put({ dateFrom: '2026-02-01', dateTill: '2026-03-10', units: 3800 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Consumption record updated',
      data: { dateTill: '2026-03-10' },
    });
    // 28 days of February and 10 of March at 100 a day; March keeps its 1000 from the third record.
    expect(await factsOf()).toMatchObject({ '2026-02-01': 2800, '2026-03-01': 2000 });
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'update'));
    expect(audits.at(-1)?.changes).toMatchObject({
      dateTill: { before: '2026-02-28', after: '2026-03-10' },
      units: { before: 2800, after: 3800 },
    });
  });

  it("links an attachment of the data source's files, refuses another's, and unlinks it", async () => {
    const upload = (meterId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/meters/${meterId}/files`,
        headers: {
          ...bearer(tokens['c.admin'] ?? ''),
          'content-type': 'application/octet-stream',
          'x-filename': 'reading-photo.pdf',
        },
        payload: Buffer.from('%PDF-1.4 reading'),
      });
    const own = (await upload(ids.submeter ?? 0)).json();
    const foreign = (await upload(ids.second ?? 0)).json();
    const [jan] = (await call('c.admin', 'GET', listOf())).json().records;
    const period = { dateFrom: jan.dateFrom, dateTill: jan.dateTill, units: jan.units };
    const refused = await call('c.admin', 'PUT', `${listOf()}/${jan.id}`, {
      ...period,
      attachmentId: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.consumptionAttachmentUnknown);
    const linked = await call('c.admin', 'PUT', `${listOf()}/${jan.id}`, { ...period, attachmentId: own.id });
    expect(linked.json().data).toMatchObject({
      attachmentId: own.id,
      attachmentFilename: 'reading-photo.pdf',
    });
    const url = linked.json().data.attachmentUrl as string;
    const download = await t.app.inject({ url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('%PDF-1.4 reading');
    // Left out keeps the attachment; null unlinks it.
    const kept = await call('c.admin', 'PUT', `${listOf()}/${jan.id}`, { ...period, units: 3000 });
    expect(kept.json().data.attachmentId).toBe(own.id);
    const unlinked = await call('c.admin', 'PUT', `${listOf()}/${jan.id}`, { ...period, attachmentId: null });
    expect(unlinked.json().data).toMatchObject({ attachmentId: null, attachmentUrl: null });
  });

  it('deletes a record and the ledger forgets it', async () => {
    const records = (await call('c.admin', 'GET', listOf())).json().records;
    const last = records.at(-1);
    const res = await call('c.general', 'DELETE', `${listOf()}/${last.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Consumption record deleted' });
    expect(await factsOf()).not.toHaveProperty('2026-04-01');
    expect((await call('c.general', 'DELETE', `${listOf()}/${last.id}`)).statusCode).toBe(404);
  });

  it('refuses observers, other organisations and data sources without the Consumption tab', async () => {
    const before = await recordCount();
    const row = [{ dateFrom: '2026-08-01', dateTill: '2026-08-31', units: 5 }];
    const [first] = (await call('c.admin', 'GET', listOf())).json().records;
    const record = `${listOf()}/${first.id}`;
    expect((await call('c.observer', 'POST', addTo(), row)).statusCode).toBe(403);
    expect((await call('c.observer', 'PUT', record, row[0])).statusCode).toBe(403);
    expect((await call('c.observer', 'DELETE', record)).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', listOf(), undefined],
      ['POST', addTo(), row],
      ['PUT', record, row[0]],
      ['DELETE', record, undefined],
    ] as const) {
      const res = await call('c.outsider', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Level 3');
    }
    // A record of another meter is not found through this one.
    expect((await call('c.admin', 'DELETE', `${listOf(ids.second)}/${first.id}`)).statusCode).toBe(404);
    const van = await call('c.admin', 'POST', addTo(ids.distance), row);
    expect(van.statusCode).toBe(400);
    expect(van.json().message).toBe(MSG.consumptionFromVehicle);
    expect((await call('c.admin', 'GET', listOf(ids.distance))).json()).toMatchObject({
      mayEdit: false,
      readOnlyReason: MSG.consumptionFromVehicle,
    });
    const supply = await call('c.admin', 'POST', addTo(ids.supply), row);
    expect(supply.statusCode).toBe(400);
    expect(supply.json().message).toBe(MSG.consumptionNotTaken);
    expect(await recordCount()).toBe(before);
  });
});
