import type { InvoiceInputValue } from '@verdant/contracts/invoices/entry';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { MSG } from '@verdant/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Bad input (docs/decisions/invoices.md, Save refusals): every save, reversal and upload refuses a sub-cent
 * total, a negative period, dates outside the meter's life, an invoice of another organisation's meter, an
 * item of an unknown charge type, a 50 MB upload, a file that is not what its content type claims and 1,000
 * items, with the spec's message, and changes nothing: no row of any table (the sweep's digest).
 */
let t: TestApp;
let token = '';
let digest: () => Promise<string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Bad Input Org' });
  const other = await createOrganisation(t.db, { name: 'Other Bad Input Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity bad input' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const meter = await createMeter(t.db, await createSite(t.db, org.id, { name: 'Plant' }), {
    localName: 'Plant supply',
    meterOpen: '2024-01-01',
    meterClose: '2026-06-30',
    ...kwh,
  });
  const foreign = await createMeter(t.db, await createSite(t.db, other.id, { name: 'Away' }), {
    localName: 'Their supply',
    meterOpen: '2024-01-01',
    ...kwh,
  });
  Object.assign(ids, { meter: meter.id, foreign: foreign.id, unit: electricity.stdUnitId });
  await createMember(t.db, org.id, { loginId: 'b.general', accessId: 3 });
  token = await t.login('b.general');
  // A stored January with its items, so updates are refused against something.
  const saved = await save(body());
  expect(saved.statusCode).toBe(200);
  ids.invoice = saved.json().savedInvoice.id;
  digest = await tableDigest(t.db);
});
afterAll(() => t.close());

/* 1,000 kWh at 25.5c = 255.00; 30 days at 95c = 28.50: 283.50, GST 42.53, total 326.03. */
function body(over: Partial<InvoiceInputValue> = {}): InvoiceInputValue {
  return {
    id: null,
    meterId: ids.meter ?? 0,
    invoiceNumber: 'BAD-1',
    invoiceDate: '2024-02-05',
    dateDue: '2024-02-20',
    dateFrom: '2024-01-01',
    dateTill: '2024-01-31',
    unitId: ids.unit ?? 0,
    consumption: 1000,
    taxAmount: '42.53',
    visibleTotal: '326.03',
    edited: true,
    items: [
      { category: 'charge', chargeTypeId: 1, description: 'Energy', rate: 25.5, units: 1000 },
      { category: 'charge', chargeTypeId: 2, description: 'Daily fixed charge', rate: 95, units: 30 },
    ],
    ...over,
  };
}
function save(payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/invoices/save', headers: bearer(token), payload });
}
const call = (method: 'POST' | 'PUT', url: string, payload: object | Buffer, headers = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, payload });

const SAVE_CASES: [string, Partial<InvoiceInputValue>, number, string][] = [
  ['a sub-cent total', { visibleTotal: '326.035' }, 400, MSG.invoiceSubCent],
  [
    'a sub-cent item total',
    { items: [{ category: 'charge', chargeTypeId: 1, total: '1.001' }] },
    400,
    MSG.invoiceSubCent,
  ],
  ['a negative period', { dateFrom: '2024-02-01', dateTill: '2024-01-31' }, 400, MSG.invoicePeriod],
  ['a start before the meter opened', { dateFrom: '2023-12-01' }, 400, MSG.invoiceStartsBeforeOpen],
  [
    'an end after the meter closed',
    { dateFrom: '2026-06-01', dateTill: '2026-07-31' },
    400,
    MSG.invoiceEndsAfterClose,
  ],
  ['an impossible date', { dateTill: '2024-02-30' }, 400, 'Enter a real date written yyyy-MM-dd'],
  [
    'an item of an unknown charge type',
    { items: [{ category: 'charge', chargeTypeId: 999, total: '1.00' }] },
    400,
    'Unknown charge type 999',
  ],
  [
    '1,000 items',
    {
      items: Array.from({ length: 1000 }, () => ({
        category: 'charge' as const,
        chargeTypeId: 2,
        total: '1.00',
      })),
    },
    400,
    'An invoice may have at most 400 items',
  ],
  ["another organisation's meter", { meterId: 0 }, 404, ''],
];

describe('PUT /invoices/save refuses bad input and changes nothing', () => {
  for (const [what, over, status, message] of SAVE_CASES) {
    it(`a new invoice with ${what}`, async () => {
      const before = await digest();
      const res = await save(body({ ...over, ...(over.meterId === 0 ? { meterId: ids.foreign } : {}) }));
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      expect(await digest()).toBe(before);
    });
    it(`an update with ${what}`, async () => {
      const before = await digest();
      const res = await save(
        body({ ...over, id: ids.invoice ?? 0, ...(over.meterId === 0 ? { meterId: ids.foreign } : {}) }),
      );
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      expect(await digest()).toBe(before);
    });
  }
});

describe('the reversal calls refuse bad input and change nothing', () => {
  const reversal = (over: object) => ({
    meters: [{ meterId: ids.meter, reversedConsumption: 1000, chargedConsumption: 900 }],
    startDate: '2024-01-01',
    endDate: '2024-01-31',
    invoiceDate: '2024-03-10',
    invoiceNumber: 'REP-BAD',
    reversedCost: 283.5,
    chargedCost: 250,
    ...over,
  });
  const cases: [string, object, number, string][] = [
    ['a sub-cent cost', { chargedCost: 250.005 }, 400, MSG.invoiceSubCent],
    ['a negative period', { endDate: '2023-12-31' }, 400, MSG.reversalEndBeforeStart],
    ['a start before the meter opened', { startDate: '2023-12-01' }, 400, MSG.reversalBeforeOpen],
    ['an end after the meter closed', { endDate: '2026-07-31' }, 400, MSG.reversalAfterClose],
    ["another organisation's meter", { meters: [{ meterId: 0, chargedConsumption: 1 }] }, 404, ''],
  ];
  for (const [what, over, status, message] of cases) {
    it(`a replacement with ${what}`, async () => {
      const before = await digest();
      const payload = reversal(over) as { meters: { meterId: number }[] };
      for (const m of payload.meters) if (m.meterId === 0) m.meterId = ids.foreign ?? 0;
      const res = await call('POST', '/api/invoices/replacement', payload);
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      expect(await digest()).toBe(before);
    });
  }
});

describe('uploads refuse bad input and change nothing', () => {
  const ask = (filename: string, contentType: string, length: number) =>
    call('POST', `/api/invoices/${ids.invoice}/raw-data-url`, { filename, contentType, length });

  it('a 50 MB upload, announced or sent', async () => {
    const before = await digest();
    const big = await ask('huge.pdf', 'application/pdf', 50 * 1024 * 1024);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The file is larger than 20 MB.');
    const url = (await ask('small.pdf', 'application/pdf', 1000)).json().uploadURL as string;
    const sent = await t.app.inject({
      method: 'PUT',
      url,
      payload: Buffer.alloc(50 * 1024 * 1024, 0x25),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect([400, 413]).toContain(sent.statusCode);
    expect(sent.json().message).toEqual(expect.any(String));
    expect(await digest()).toBe(before);
  });

  it('a file that is not what its content type claims', async () => {
    const before = await digest();
    const fake = Buffer.from('PK not a pdf, a zip perhaps');
    const url = (await ask('bill.pdf', 'application/pdf', fake.length)).json().uploadURL as string;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      payload: fake,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invoiceFileMismatch.replace('{type}', 'pdf'));
    expect(await digest()).toBe(before);
  });
});
