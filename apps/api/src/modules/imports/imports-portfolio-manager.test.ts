import { readFile } from 'node:fs/promises';
import type { ImportJob } from '@verdant/contracts/imports';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auth,
  FIXTURE,
  finished,
  identifiers,
  ids,
  load,
  snapshot,
  t,
  useFixture,
} from './imports-portfolio-manager.fixture';

useFixture();

describe("Portfolio Manager's Meter Entries export as downloaded (XLSX)", () => {
  let refused: ImportJob;

  it('names every meter it cannot match once, with its rows, by Meter ID and never by the shared name', async () => {
    const before = await snapshot();
    refused = await load('seed_example-pm-monthly-meter-usage.xlsx', await readFile(FIXTURE));
    expect(refused).toMatchObject({ status: 'failed', format: 'portfolio-manager', refusedRows: 6 });
    expect(refused.error).toBe(
      '6 rows were refused, so nothing was imported: 3 data sources named in the file are not in this organisation. Create these data sources, or map them to data sources you have, then load the file again.',
    );
    expect(refused.refusals?.unknownMeters).toEqual([
      {
        key: '5766975-0',
        context: 'Electric Grid Meter, Electric - Grid, Campus Building 1',
        label: 'Portfolio Manager Meter ID',
        rows: 2,
        meterId: null,
        meterName: null,
      },
      expect.objectContaining({
        key: '5766973-1',
        context: 'Electric Grid Meter, Natural Gas, Campus Building 1',
        rows: 2,
      }),
      expect.objectContaining({ key: '5766975-1', rows: 2 }),
    ]);
    expect(refused.refusals?.reasons).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(await identifiers()).toEqual([]);
  });

  it('maps each unknown meter to a data source, refusing another organisation and an observer', async () => {
    const map = (key: string, meterId: number, who = 'pm.editor') =>
      t.app.inject({
        method: 'POST',
        url: `/api/jobs/${refused.uuid}/unknown-meters`,
        headers: auth(who),
        payload: { key, meterId },
      });
    expect((await map('5766975-0', ids.b ?? 0, 'pm.observer')).statusCode).toBe(403);
    expect((await map('5766975-0', ids.b ?? 0, 'pm.outsider')).statusCode).toBe(404);
    expect((await map('5766975-0', ids.foreign ?? 0)).statusCode).toBe(404);
    expect((await map('nobody', ids.b ?? 0)).statusCode).toBe(404);
    expect(await identifiers()).toEqual([]);
    const mapped = await map('5766975-0', ids.b ?? 0);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().message).toBe(
      '"5766975-0" now names data source B1 electricity east. Load the file again when every data source is found.',
    );
    expect(mapped.json().data.refusals.unknownMeters[0]).toMatchObject({
      key: '5766975-0',
      meterId: ids.b,
      meterName: 'B1 electricity east',
    });
    const twice = await map('5766973-1', ids.b ?? 0);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      'Data source B1 electricity east already has the Portfolio Manager Meter ID 5766975-0: map "5766973-1" to another data source.',
    );
    expect((await map('5766973-1', ids.c ?? 0)).statusCode).toBe(200);
    expect((await map('5766975-1', ids.d ?? 0)).statusCode).toBe(200);
    expect(await identifiers()).toEqual([
      { meter: ids.b, label: 'Portfolio Manager Meter ID', value: '5766975-0' },
      { meter: ids.c, label: 'Portfolio Manager Meter ID', value: '5766973-1' },
      { meter: ids.d, label: 'Portfolio Manager Meter ID', value: '5766975-1' },
    ]);
  });

  it('loads again from the stored file: kBtu in kWh, End Dates shared by the next bill read as exclusive', async () => {
    const rerun = (who: string) =>
      t.app.inject({ method: 'POST', url: `/api/jobs/${refused.uuid}/rerun`, headers: auth(who) });
    expect((await rerun('pm.observer')).statusCode).toBe(403);
    expect((await rerun('pm.outsider')).statusCode).toBe(404);
    const res = await rerun('pm.editor');
    expect(res.statusCode, res.body).toBe(200);
    const job = await finished(res.json().data.uuid);
    expect(job).toMatchObject({ status: 'finished', readings: 8, records: 8, meters: 4, refusedRows: 0 });
    // Each kBtu x 0.2930710702 kWh (597,478.9 kBtu = 175,103.7806 kWh, to 4 places as records keep them); January
    // ends on the 31st, not on 1 February.
    expect(await snapshot()).toEqual([
      { meter: 'B1 electricity', from: '2016-01-01', till: '2016-01-31', units: '175103.7806' },
      { meter: 'B1 electricity', from: '2016-02-01', till: '2016-02-29', units: '160779.8735' },
      { meter: 'B1 electricity east', from: '2016-01-01', till: '2016-01-31', units: '45300.6401' },
      { meter: 'B1 electricity east', from: '2016-02-01', till: '2016-02-29', units: '41451.2395' },
      { meter: 'B1 gas', from: '2016-01-01', till: '2016-01-31', units: '168808.9950' },
      { meter: 'B1 gas', from: '2016-02-01', till: '2016-02-29', units: '143018.7116' },
      { meter: 'B1 gas east', from: '2016-01-01', till: '2016-01-31', units: '87896.4100' },
      { meter: 'B1 gas east', from: '2016-02-01', till: '2016-02-29', units: '145454.3666' },
    ]);
    // The meter found by its meter number now remembers the Meter ID, with an audit row.
    expect((await identifiers()).find((i) => i.meter === ids.a)).toEqual({
      meter: ids.a,
      label: 'Portfolio Manager Meter ID',
      value: '5766973-0',
    });
    const audited = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'remember data file name' and asset_id = ${ids.a}`,
    );
    expect(audited.rows[0]?.n).toBe(1);
  });
});

describe("Portfolio Manager's export as Excel saves it (CSV)", () => {
  it('reads title rows, "Not Available", therms and ccf, United States dates, a BOM and CRLF', async () => {
    const before = await snapshot();
    const rows = [
      'My Portfolio: Test City,,,,,,,,,,,',
      '06/06/2019 04:28 PM EDT,,,,,,,,,,,',
      ',,,,,,,,,,,',
      'Property Name,Portfolio Manager ID,Portfolio Manager Meter ID,Meter Name,Meter Type,Start Date,End Date,Delivery Date,Usage/Quantity,Usage Units,Cost ($),Estimation?',
      'Library,57,880-1,Library gas,Natural Gas,3/15/2017,4/14/2017,Not Available,"1,000",therms,Not Available,No',
      'Library,57,880-1,Library gas,Natural Gas,4/15/2017,5/14/2017,Not Available,10,ccf (hundred cubic feet),Not Available,Yes',
    ];
    const job = await load('library.csv', `\uFEFF${rows.join('\r\n')}\r\n`);
    expect(job, job.error ?? '').toMatchObject({
      status: 'finished',
      format: 'portfolio-manager',
      records: 2,
    });
    const added = (await snapshot()).filter(
      (r) => !before.some((b) => b.meter === r.meter && b.from === r.from),
    );
    // The bills do not share their boundaries, so their End Dates are inclusive. A supply meter takes invoices:
    // in the file's units, each with no cost and saying so.
    expect(added).toEqual([
      { meter: 'Library gas', from: '2017-03-15', till: '2017-04-14', units: '1000.0000' },
      { meter: 'Library gas', from: '2017-04-15', till: '2017-05-14', units: '10.0000' },
    ]);
    const invoices = await t.db.execute<{
      unit: string;
      notes: string;
      read_type: string;
      number: string;
    }>(sql`
      select u.name as unit, i.notes, i.read_type, i.invoice_number as number from invoices i
      join invoice_meters im on im.invoice_id = i.id join units u on u.id = im.unit_id
      where im.meter_id = ${ids.supply} order by i.date_from`);
    expect(invoices.rows).toEqual([
      expect.objectContaining({ unit: 'therms', notes: 'Imported from a data load; the file gave no cost' }),
      expect.objectContaining({ unit: 'ccf (hundred cubic feet)', read_type: 'estimated' }),
    ]);
    // Found by its Meter Name (no other meter of the file has it): the Meter ID is remembered.
    expect((await identifiers()).find((i) => i.meter === ids.supply)?.value).toBe('880-1');
  });
});
