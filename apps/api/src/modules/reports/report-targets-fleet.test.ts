import { createMeter } from '@verdant/db/asset-factories';
import { createDataType, createFactor } from '@verdant/db/catalogue-factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { vehicles } from '@verdant/db/schema/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeptPdf } from '../../testing/kept-pdf';
import { reportOrganisation, rows, rowsOfCo2e } from './report-fixture';

/*
 * Target performance and the fleet summary against the organisation worked by hand (report-fixture.ts,
 * today 21/11/2026), with a target and a van added here.
 */
let fx: Awaited<ReturnType<typeof reportOrganisation>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  fx = await reportOrganisation();
  const db = fx.t.db;
  const spec = (perc: number) => ({
    baselineYear: 2025,
    baselineYearEnd: 'CY',
    consFrom: 'ENTER',
    baselineCons: 12000,
    profileFrom: 'NONE',
    profile: null,
    targets: [{ perc, year: 2027 }],
  });
  const [target] = await db
    .execute<{ id: number }>(
      `insert into targets (organisation_id, name, spec) values (${fx.org.id}, 'Twenty by 2027', '${JSON.stringify(spec(20))}') returning id`,
    )
    .then((r) => r.rows);
  const [theirs] = await db
    .execute<{ id: number }>(
      `insert into targets (organisation_id, name, spec) select id, 'Theirs', '${JSON.stringify(spec(50))}' from organisations where name = 'Elsewhere' returning id`,
    )
    .then((r) => r.rows);
  ids.target = target?.id ?? 0;
  ids.theirTarget = theirs?.id ?? 0;

  // A van at the depot: diesel 2.5 kg CO2e/L (scope 1); October 2026 80 L for $200 over 1,000 km.
  // The fixture's default factor source, which the organisation's facts take their factors from.
  const [source = { id: 0 }] = await db
    .execute<{ id: number }>(`select id from emission_factor_sources where name = 'Test factors 2026'`)
    .then((r) => r.rows);
  const diesel = await createDataType(db, { name: 'Diesel', stdUnit: 'L', standardisedUnit: 'volume' });
  const km = await createDataType(db, {
    name: 'Distance',
    typeId: 2,
    stdUnit: 'km',
    standardisedUnit: 'distance',
  });
  await createFactor(db, {
    dataTypeId: diesel.id,
    sourceId: source.id,
    scope: 1,
    rate: 2.5,
    startDate: '2020-01-01',
  });
  const depot = { id: fx.ids.depot ?? 0, organisationId: fx.org.id };
  const fuel = await createMeter(db, depot, {
    localName: 'VAN1 fuel',
    energyId: diesel.id,
    unitId: diesel.stdUnitId,
  });
  const distance = await createMeter(db, depot, {
    localName: 'VAN1 distance',
    energyId: km.id,
    unitId: km.stdUnitId,
  });
  await createInvoice(db, fuel, { from: '2026-10-01', till: '2026-10-31', consumption: 80, cost: 200 });
  await createInvoice(db, distance, { from: '2026-10-01', till: '2026-10-31', consumption: 1000, cost: 0 });
  await db.execute(`insert into emission_factor_versions (factor_id, version, rate, start_date)
    select id, version, rate, start_date from emission_factors where data_type_id = ${diesel.id}`);
  await recomputeFacts(db, [fuel.id, distance.id], '2026-11-21');
  const [van] = await db
    .insert(vehicles)
    .values({
      organisationId: fx.org.id,
      siteId: depot.id,
      registration: 'VAN1',
      make: 'Ford',
      model: 'Transit',
      year: 2022,
      seats: 3,
      engineSize: '2.0',
      desiredEff: '9',
      bodyShapeId: 1,
      transmissionTypeId: 1,
      fuelId: diesel.id,
      purchaseDate: '2022-01-01',
      consMeterId: fuel.id,
      distanceMeterId: distance.id,
    })
    .returning();
  ids.van = van?.id ?? 0;
});
afterAll(() => fx?.t.close());

const pdfText = (name: string, data: Buffer) => {
  return readKeptPdf('reports', name, data, { pages: 'first' });
};

describe('target performance', () => {
  /*
   * Baseline 2025 entered as 12,000 kg, 20 % less by 2027, flat profile: 2026 asks 10 % (10,800 kg, 900 a
   * month), 2027 20 % (9,600 kg). Today 21/11/2026: January to October 2026 are over (10 months), so the
   * target to date is 9,000 kg and the baseline's share 10,000 kg. The ledger holds only October 2026 (791
   * kg: 561 electricity + 30 water + 200 the van's diesel), so 2026 is 791 - 9,000 = -8,209 kg, -92.09 % on
   * the baseline, with 9 of its 10 months without data. 2025 holds only October 2025 (673.8 kg). 2027 has not begun: blank.
   */
  it('compares each target year over its months lived, as worked by hand', async () => {
    const res = await fx.run('r.admin', { id: 8, start: null, settings: { target: String(ids.target) } });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...body] = rowsOfCo2e(res.body);
    expect(header).toEqual([
      'Target year',
      'Reduction asked (%)',
      'Target (kg CO2e)',
      'Months lived',
      'Target to date (kg CO2e)',
      'Actual to date (kg CO2e)',
      'Over (+) or under (−) target (kg CO2e)',
      'Change on baseline (%)',
      'Status',
      'Notes',
    ]);
    expect(body.map((r) => r.slice(0, 9))).toEqual([
      ['2025', '0', '12000', '12', '12000', '673.8', '-11326.2', '-94.39', 'Baseline'],
      [
        '2026',
        '10',
        '10800',
        '10',
        '9000',
        '791',
        '-8209',
        '-92.09',
        'On track; 9 of 10 months without data',
      ],
      ['2027', '20', '9600', '0', '', '', '', '', 'Not started'],
    ]);
    expect(body[1]?.[9]).toContain('incomplete');
    const pdf = await fx.run('r.admin', { id: 8, start: null, output: 'pdf' });
    const text = pdfText('target-performance', pdf.rawPayload);
    expect(text).toContain('Target performance: Twenty by 2027');
    expect(text).toMatch(/Oct 2026\s+900\s+791/);
    // Headers, statuses and card notes wrap rather than end in an ellipsis (docs/decisions/reports.md, PDFs).
    expect(text).not.toContain('…');
    expect(text).toMatch(/On track; 9 of 10 months without\s+data/);
    expect(text).toContain('Where these figures come from');
  });

  it("refuses another organisation's target and offers the organisation's own in the modal", async () => {
    const res = await fx.run('r.admin', {
      id: 8,
      start: null,
      settings: { target: String(ids.theirTarget) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The setting 'Target' cannot be ${ids.theirTarget}`);
    const data = await fx.get('r.observer', `/organisations/${fx.org.id}/reporting/reports/8/creation-data`);
    expect(data.statusCode, data.body).toBe(200);
    const setting = data.json().report.additionalSettings.find((s: { name: string }) => s.name === 'target');
    expect(setting.options).toEqual([{ value: String(ids.target), label: 'Twenty by 2027' }]);
  });
});

describe('the fleet summary', () => {
  /* VAN1, October 2026: 80 L over 1,000 km = 8.00 L/100 km (asked 9); 80 x 2.5 = 200 kg, 0.200 kg/km; $200. */
  it("gives each vehicle's distance, efficiency and emissions as worked by hand", async () => {
    const res = await fx.run('r.admin', { id: 9, start: '2026-10-01', end: '2026-10-31' });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...body] = rowsOfCo2e(res.body);
    const at = (name: string) => header?.indexOf(name) ?? -1;
    const van = body[0] ?? [];
    expect(van[at('Vehicle')]).toBe('VAN1');
    expect(van[at('Distance (km)')]).toBe('1000');
    expect(van[at('Fuel used')]).toBe('80');
    expect(van[at('Fuel')]).toBe('Diesel (L)');
    expect(van[at('Per 100 km')]).toBe('8');
    expect(van[at('Asked per 100 km')]).toBe('9');
    expect(van[at('Emissions (kg CO2e)')]).toBe('200');
    expect(van[at('Per km (kg CO2e)')]).toBe('0.2');
    expect(van[at('Cost ($)')]).toBe('200');
    expect(body.at(-1)?.[0]).toBe('Total');
    const pdf = await fx.run('r.admin', { id: 9, start: '2026-10-01', end: '2026-10-31', output: 'pdf' });
    expect(pdfText('fleet-summary', pdf.rawPayload)).toMatch(/VAN1\s+Ford Transit/);
  });

  it("answers 404 for another organisation's vehicle and lets an observer run it", async () => {
    const theirs = await fx.run('r.outsider', {
      id: 9,
      asset: { type: 'vehicle', id: ids.van },
      start: '2026-10-01',
      end: '2026-10-31',
    });
    expect(theirs.statusCode).toBe(404);
    const observer = await fx.run('r.observer', {
      id: 9,
      asset: { type: 'vehicle', id: ids.van },
      start: '2026-10-01',
      end: '2026-10-31',
    });
    expect(observer.statusCode, observer.body).toBe(200);
    expect(rows(observer.body)[1]?.[0]).toBe('VAN1');
  });
});
