import type { Organisation } from '@verdant/contracts/organisations';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { clientOf } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { ingestHalfHourReadings } from '@verdant/db/ledger/half-hour-ingest';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/until';

/*
 * The organisation's time zone (docs/decisions/organisations.md, Time zone). An Australian organisation whose
 * NEM12 data landed on New Zealand's clock: its meter holds 1 kWh at 00:00 and 2 kWh at 05:00 (New Zealand
 * standard time, UTC+12) on 1 July 2026, and 4 kWh at 23:30 on 31 July. Moved to Sydney (UTC+10, four half hours
 * earlier): 1 kWh at 22:00 on 30 June, 2 kWh at 03:00 on 1 July, 4 kWh at 21:30 on 31 July; June gains 1 kWh
 * and July loses it.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Harbour Bridge Ltd' });
  const other = await createOrganisation(t.db, { name: 'Other Shore Ltd' });
  const electricity = await createDataType(t.db, { name: 'Electricity tz' });
  const site = await createSite(t.db, org.id, { name: 'Wharf' });
  const meter = await createMeter(t.db, site, {
    localName: 'Wharf smart',
    meterType: 5,
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
    meterOpen: '2025-01-01',
  });
  await t.db.transaction(async (tx) => {
    await ingestHalfHourReadings(clientOf(tx), org.id, [
      { meterId: meter.id, date: '2026-07-01', hh: 0, kwh: 1 },
      { meterId: meter.id, date: '2026-07-01', hh: 10, kwh: 2, quality: 'E' },
      { meterId: meter.id, date: '2026-07-31', hh: 47, kwh: 4 },
    ]);
    await recomputeFacts(tx, [meter.id], '2026-11-21');
  });
  Object.assign(ids, { org: org.id, other: other.id, meter: meter.id });
  await createMember(t.db, org.id, { loginId: 'tz.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'tz.editor', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'tz.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'tz.outsider', accessId: 2, admin: true });
  for (const k of ['tz.admin', 'tz.editor', 'tz.observer', 'tz.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const put = (who: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/organisations/${ids.org}/settings`,
    headers: bearer(tokens[who] ?? ''),
    payload: body,
  });
const organisation = async (): Promise<Organisation> =>
  (
    await t.app.inject({ url: `/api/organisations/${ids.org}`, headers: bearer(tokens['tz.admin'] ?? '') })
  ).json();

/** The meter's stored half hours and monthly facts, for before-and-after snapshots. */
async function snapshot() {
  const days = await t.db.execute<{ date: string; kwh: (number | null)[]; quality: string | null }>(sql`
    select read_date::text as date, kwh, quality from half_hour_days where meter_id = ${ids.meter}
    order by read_date`);
  const facts = await t.db.execute<{ month: string; kwh: number }>(sql`
    select month::text as month, quantity_std as kwh from monthly_facts
    where meter_id = ${ids.meter} and quantity_std <> 0 order by month`);
  const present = days.rows.map((d) => ({
    date: d.date,
    slots: d.kwh.flatMap((v, i) => (v === null ? [] : [[i, v, d.quality?.[i] ?? 'A']])),
  }));
  return { present, facts: facts.rows };
}

const settled = (): Promise<Organisation> =>
  readUntil(
    organisation,
    (o) => o.timeZoneMove?.status !== 'pending' && o.timeZoneMove?.status !== 'running',
    'the move ended',
  );

describe("the organisation's time zone", () => {
  it('is shown with the organisation, New Zealand by default', async () => {
    expect(await organisation()).toMatchObject({ timeZone: 'Pacific/Auckland', timeZoneMove: null });
  });

  it('is refused to an editor, an observer and another organisation, and changes nothing', async () => {
    const before = await snapshot();
    for (const who of ['tz.editor', 'tz.observer'])
      expect((await put(who, { key: 'timeZone', value: 'Australia/Sydney' })).statusCode, who).toBe(403);
    const outsider = await put('tz.outsider', { key: 'timeZone', value: 'Australia/Sydney' });
    expect([403, 404]).toContain(outsider.statusCode);
    expect(outsider.body).not.toContain('Harbour Bridge');
    expect((await organisation()).timeZone).toBe('Pacific/Auckland');
    expect(await snapshot()).toEqual(before);
  });

  it('takes only a zone of the IANA list', async () => {
    for (const value of ['AEST', 'Mars/Olympus', '+10:00', '', 10, null]) {
      const res = await put('tz.admin', { key: 'timeZone', value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().message).toBe(
        'Choose a time zone of the IANA list, such as Australia/Sydney or Pacific/Auckland.',
      );
    }
    expect((await organisation()).timeZone).toBe('Pacific/Auckland');
  });

  it("moves the stored half hours to the new zone's clock where the administrator asks, by a job", async () => {
    const before = await snapshot();
    expect(before).toEqual({
      present: [
        {
          date: '2026-07-01',
          slots: [
            [0, 1, 'A'],
            [10, 2, 'E'],
          ],
        },
        { date: '2026-07-31', slots: [[47, 4, 'A']] },
      ],
      facts: [{ month: '2026-07-01', kwh: 7 }],
    });
    const res = await put('tz.admin', { key: 'timeZone', value: 'Australia/Sydney', moveHalfHours: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timeZoneMove).toMatchObject({
      fromZone: 'Pacific/Auckland',
      toZone: 'Australia/Sydney',
    });
    const done = await settled();
    expect(done).toMatchObject({
      timeZone: 'Australia/Sydney',
      timeZoneMove: { status: 'finished', meters: 1, days: 3, error: null },
    });
    expect(await snapshot()).toEqual({
      present: [
        { date: '2026-06-30', slots: [[44, 1, 'A']] },
        { date: '2026-07-01', slots: [[6, 2, 'E']] },
        { date: '2026-07-31', slots: [[43, 4, 'A']] },
      ],
      facts: [
        { month: '2026-06-01', kwh: 1 },
        { month: '2026-07-01', kwh: 6 },
      ],
    });
    const audited = await t.db.execute<{ action: string }>(sql`
      select action from audit_events where organisation_id = ${ids.org} and action like '%time zone%'
        or organisation_id = ${ids.org} and action like '%new clock%' order by id`);
    expect(audited.rows.map((r) => r.action)).toEqual([
      'change time zone, moving half-hour data',
      'move half-hour data to a new clock',
    ]);
  });

  it('changes at once, leaving the half hours on their dates, where the administrator does not ask', async () => {
    const before = await snapshot();
    const res = await put('tz.admin', { key: 'timeZone', value: 'Australia/Brisbane' });
    expect(res.statusCode).toBe(200);
    expect(res.json().timeZone).toBe('Australia/Brisbane');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to move half hours by part of a half hour, and changes nothing', async () => {
    const before = await snapshot();
    const res = await put('tz.admin', { key: 'timeZone', value: 'Australia/Eucla', moveHalfHours: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The clocks of Australia/Brisbane and Australia/Eucla differ by part of a half hour, so the half-hour data cannot be moved to the new clock: change the time zone without moving it.',
    );
    expect((await organisation()).timeZone).toBe('Australia/Brisbane');
    expect(await snapshot()).toEqual(before);
  });
});
