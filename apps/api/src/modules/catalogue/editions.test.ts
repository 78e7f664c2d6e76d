import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let digest: () => Promise<string>;
/** MfE 2026's grid electricity (data type 13, scope 2 location) as the catalogue holds it. */
let mfe: { from: string; till: string | null; rate: number }[];

const MFE = 'NZ Ministry for the Environment';
const HEADER =
  'Publisher,Edition,Data type,Unit,Scope,Basis,Valid from,Valid to,kg CO2e,kg CO2,kg CH4,kg N2O';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  tokens.root = await t.login('root');
  const orgA = await createOrganisation(t.db);
  const orgB = await createOrganisation(t.db);
  await createMember(t.db, orgA.id, { loginId: 'admin-a', accessId: 2, admin: true });
  await createMember(t.db, orgB.id, { loginId: 'watcher', accessId: 4 });
  for (const who of ['admin-a', 'watcher']) tokens[who] = await t.login(who);
  digest = await tableDigest(t.db);
  const rows = await t.db.execute<{ from: string; till: string | null; rate: number }>(sql`
    select f.start_date::text as from, f.end_date::text as till, f.rate::float8 as rate
    from emission_factors f join emission_factor_editions e on e.id = f.edition_id
    where e.name = 'MfE 2026' and f.data_type_id = 13 and f.scope = 2 order by f.start_date`);
  mfe = rows.rows;
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

const upload = (query: Record<string, string>, body: string | Buffer, who = 'root') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/emission-factor-editions?${new URLSearchParams(query)}`,
    headers: {
      ...bearer(tokens[who] ?? ''),
      'content-type': 'application/octet-stream',
      'x-filename': 'f.csv',
    },
    payload: body,
  });

const csv = (rows: string[]) => [HEADER, ...rows].join('\n');
const grid = (edition: string, from: string, till: string, rate: number | string, unit = 'kWh') =>
  `${MFE},${edition},Electricity (grid supplied),${unit},2,location,${from},${till},${rate},,,`;

describe('loading an edition from a documented file', () => {
  let draftId: number;

  it('loads a draft and shows what changed against the previous edition, with percentages', async () => {
    const [first, ...rest] = mfe;
    if (!first) throw new Error('MfE 2026 has no grid electricity');
    const rows = [
      // MfE 2026's first period up 10 %, written per MWh (so per kWh after the unit's conversion).
      grid('MfE 2027', first.from, first.till ?? '', (first.rate * 1.1 * 1000).toFixed(7), 'MWh'),
      ...rest.map((f, i) =>
        grid('MfE 2027', f.from, f.till ?? '', i === 0 ? (f.rate * 1.01).toFixed(10) : f.rate),
      ),
      `${MFE},MfE 2027,Diesel,litres,1,,2027-01-01,2027-12-31,2.7,2.66,0.01,0.03`,
    ];
    const res = await upload({ layout: 'documented', name: 'MfE 2027', published: '2027-06-01' }, csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(`Edition MfE 2027 loaded as a draft: ${rows.length} factors`);
    expect(data).toMatchObject({ status: 'draft', publisher: MFE, layout: 'documented', gwpSet: 'AR5' });
    expect(data.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.diff.previous.name).toBe('MfE 2026');
    const changed = data.diff.entries.filter((e: { kind: string }) => e.kind === 'changed');
    expect(changed[0]).toMatchObject({ dataTypeId: 13, scope: 2, basis: 'location' });
    expect(changed[0].percent).toBeCloseTo(10, 4);
    if (rest.length > 0) expect(changed[1].percent).toBeCloseTo(1, 4);
    // Diesel is kept per kWh: 2.7 kg CO2e per litre is 2.7 / (kWh per litre) per kWh. Its 2027 factor meets
    // MfE 2026's open-ended one: a change of period and rate.
    const litre = await t.db.execute<{ c: number }>(sql`select u.conversion_to_standard::float8 as c
      from units u join data_types d on d.id = u.data_type_id where d.name = 'Diesel' and u.name = 'litres'`);
    const perLitre = litre.rows[0]?.c ?? 0;
    expect(perLitre).toBeGreaterThan(10);
    const diesel = data.diff.entries.find(
      (e: { dataTypeName: string; after: unknown }) => e.dataTypeName === 'Diesel' && e.after !== null,
    );
    expect(diesel).toMatchObject({ scope: 1, after: { from: '2027-01-01', till: '2027-12-31' } });
    expect(diesel.after.rate).toBeCloseTo(2.7 / perLitre, 9);
    expect(data.diff.counts.removed).toBeGreaterThan(0);
    draftId = data.id;

    const factors = await t.db.execute<{ co2: number; published_unit: string; published_rate: number }>(sql`
      select co2::float8, published_unit, published_rate::float8 from emission_factors
      where edition_id = ${draftId} and scope = 1`);
    expect(factors.rows[0]).toMatchObject({ published_unit: 'litres', published_rate: 2.7 });
    expect(factors.rows[0]?.co2).toBeCloseTo(2.66 / perLitre, 9);
  });

  it('lists a change only when it moved by more than the threshold', async () => {
    const res = await call('root', 'GET', `/admin/emission-factor-editions/${draftId}?threshold=5`);
    const changed = res
      .json()
      .diff.entries.filter(
        (e: { kind: string; dataTypeId: number }) => e.kind === 'changed' && e.dataTypeId === 13,
      );
    expect(changed).toHaveLength(1);
    expect(changed[0].percent).toBeCloseTo(10, 4);
    const list = await call('root', 'GET', '/admin/emission-factor-editions');
    expect(list.json()[0]).toMatchObject({ id: draftId, status: 'draft', factorCount: mfe.length + 1 });
  });

  it('reads the same layout from an XLSX workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Factors');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['Test Agency', 'TA 1', 'Diesel', 'litres', 1, '', '2024-01-01', '2024-12-31', 2.68]);
    const res = await upload(
      { layout: 'documented', name: 'TA 1', published: '2024-03-01' },
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      publisher: 'Test Agency',
      factorCount: 1,
      diff: { previous: null },
    });
    expect(
      (await call('root', 'DELETE', `/admin/emission-factor-editions/${res.json().data.id}`)).statusCode,
    ).toBe(200);
  });

  it('refuses a bad file whole with a clear message, changing nothing', async () => {
    const good = grid('X', '2024-01-01', '2024-12-31', 0.07);
    const many = Array.from({ length: 40_000 }, (_, i) => grid('X', `${1000 + i}-01-01`, '', 0.07));
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'X' }, 'Publisher,Edition,Unit\nA,B,C', 'The file has no "Data type" column'],
      [{ name: 'X' }, csv([good, good]), 'Row 3 repeats row 2'],
      [{ name: 'X' }, csv([grid('X', '2024-01-01', '2024-12-31', -0.07)]), 'a factor cannot be negative'],
      [{ name: 'X' }, csv([grid('X', '2024-01-01', '2024-12-31', 'abc')]), 'Row 2: "abc" is not a number'],
      [{ name: 'X' }, csv([good, grid('X', '2024-06-01', '2025-05-31', 0.08)]), 'Row 3 overlaps row 2'],
      [{ name: 'X' }, csv(many), 'an edition file may have at most 20,000'],
      [{ name: 'X' }, csv([grid('X', '2024-01-01', '2024-12-31', 0.07, 'therms')]), 'has no unit "therms"'],
      [{ name: 'mfe 2027' }, csv([good]), 'An edition named mfe 2027 already exists'],
      [
        { name: 'X', supersedes: '999999' },
        csv([good]),
        'The edition it corrects must be a published edition',
      ],
    ];
    for (const [query, body, message] of cases) {
      const before = await digest();
      const res = await upload({ layout: 'documented', published: '2024-03-01', ...query }, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await digest()).toEqual(before);
    }
  });
});

describe('the DESNZ flat file through a saved mapping', () => {
  const desnz = [
    'UK Government GHG Conversion Factors for Company Reporting',
    'Factor set: Full set',
    '',
    'ID,Scope,Level 1,Level 2,Level 3,Level 4,Column Text,UOM,GHG/Unit,GHG Conversion Factor 2024',
    '1,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e,0.18290',
    '2,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e of CO2 per unit,0.18253',
    '3,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e of CH4 per unit,0.00027',
    '4,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e of N2O per unit,0.0001',
    '5,Scope 1,Fuels,Gaseous fuels,Butane,,Energy - Gross CV,kWh (Gross CV),kg CO2e,0.22',
  ].join('\n');
  const query = {
    layout: 'desnz-flat',
    name: 'DESNZ 2024 v1.1',
    publisher: 'UK DESNZ',
    published: '2024-07-08',
  };

  it('names the rows no mapping covers, then loads the mapped rows once a mapping is saved', async () => {
    const before = await digest();
    const refused = await upload(query, desnz);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('No row of the file maps to a data type yet');
    const key = 'fuels | gaseous fuels | natural gas | energy - gross cv | kwh (gross cv)';
    expect(refused.json().fields.unmapped[0]).toContain(key);
    expect(await digest()).toEqual(before);

    const gas = await t.db.execute<{ id: number; unit: number }>(sql`
      select d.id, u.id as unit from data_types d join units u on u.data_type_id = d.id and u.name = 'kWh'
      where d.name = 'Natural gas' and d.organisation_id is null`);
    const { id: dataTypeId, unit: unitId } = gas.rows[0] ?? { id: 0, unit: 0 };
    const mapping = { layout: 'desnz-flat', key, dataTypeId, scope: 1, unitId };
    const saved = await call('root', 'POST', '/admin/factor-mappings', mapping);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ dataTypeName: 'Natural gas', unitName: 'kWh', scope: 1 });
    expect((await call('root', 'POST', '/admin/factor-mappings', mapping)).json().message).toBe(
      'That row is already mapped to this data type',
    );

    const res = await upload(query, desnz);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ factorCount: 1, coversFrom: 2024, coversTill: 2024, publisher: 'UK DESNZ' });
    expect(data.unmapped).toEqual([
      expect.objectContaining({ line: 9, label: 'Fuels > Gaseous fuels > Butane > Energy - Gross CV' }),
    ]);
    const f = await t.db.execute(sql`
      select rate::float8, co2::float8, ch4::float8, n2o::float8, start_date::text, end_date::text
      from emission_factors where edition_id = ${data.id}`);
    expect(f.rows[0]).toEqual({
      rate: 0.1829,
      co2: 0.18253,
      ch4: 0.00027,
      n2o: 0.0001,
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    });
  });
});

describe('rights', () => {
  it('is for product administrators only; others are refused and learn nothing', async () => {
    for (const who of ['admin-a', 'watcher']) {
      for (const [method, url, body] of [
        ['GET', '/admin/emission-factor-editions'],
        ['GET', '/admin/emission-factor-editions/1'],
        ['DELETE', '/admin/emission-factor-editions/1'],
        ['GET', '/admin/factor-mappings'],
        [
          'POST',
          '/admin/factor-mappings',
          { layout: 'desnz-flat', key: 'x', dataTypeId: 13, scope: 2, unitId: 1 },
        ],
        ['DELETE', '/admin/factor-mappings/1'],
      ] as const) {
        const before = await digest();
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('MfE');
        expect(await digest()).toEqual(before);
      }
      const before = await digest();
      const res = await upload(
        { layout: 'documented', name: 'Sneaky', published: '2024-03-01' },
        csv([grid('S', '2024-01-01', '', 1)]),
        who,
      );
      expect(res.statusCode).toBe(403);
      expect(await digest()).toEqual(before);
    }
  });
});
