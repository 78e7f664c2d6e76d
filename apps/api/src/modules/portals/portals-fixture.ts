import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { consumptionRecords } from '@verdant/db/schema/inputs';
import type { Mailer } from '../../lib/mail';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/** An organisation with a site, a diesel data type, a water sub-meter with a year of history and its people. */
export async function portalsFixture(
  prefix: string,
  opts: { env?: Record<string, string>; mailer?: Mailer } = {},
) {
  const t: TestApp = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z'), ...opts });
  const org = await createOrganisation(t.db, { name: `${prefix} Water Board` });
  const other = await createOrganisation(t.db, { name: `${prefix} Other Board` });
  const diesel = await createDataType(t.db, { name: `${prefix} Diesel`, grouping: 'Diesel', stdUnit: 'L' });
  const water = await createDataType(t.db, { name: `${prefix} Water`, grouping: 'Water', stdUnit: 'm3' });
  const site = await createSite(t.db, org.id, { name: 'Pump station' });
  const otherSite = await createSite(t.db, other.id, { name: 'Elsewhere' });
  const submeter = await createMeter(t.db, site, {
    localName: 'Pump station water',
    metlvlId: 2,
    meterType: 8,
    energyId: water.id,
    unitId: water.stdUnitId,
  });
  const months = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09'];
  await t.db.insert(consumptionRecords).values(
    months.map((m, i) => ({
      organisationId: org.id,
      meterId: submeter.id,
      unitId: water.stdUnitId,
      dateFrom: `${m}-01`,
      dateTill: `${m}-${m === '2026-04' || m === '2026-06' || m === '2026-09' ? '30' : '31'}`,
      units: String(100 + i * 10),
    })),
  );
  const otherMeter = await createMeter(t.db, otherSite, { localName: 'Secret meter', meterType: 8 });
  const people = {
    admin: `${prefix}.admin`,
    editor: `${prefix}.editor`,
    second: `${prefix}.second`,
    observer: `${prefix}.observer`,
    outsider: `${prefix}.outsider`,
  };
  await createMember(t.db, org.id, { loginId: people.admin, accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: people.editor, accessId: 3 });
  await createMember(t.db, org.id, { loginId: people.second, accessId: 3 });
  await createMember(t.db, org.id, { loginId: people.observer, accessId: 4 });
  await createMember(t.db, other.id, { loginId: people.outsider, accessId: 2, admin: true });
  const tokens: Record<string, string> = {};
  for (const [k, login] of Object.entries(people)) tokens[k] = await t.login(login);
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });
  const open = (method: 'POST' | 'PUT', url: string, payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method, url: `/api${url}`, payload, remoteAddress: ip });
  return { t, org, other, diesel, water, site, otherSite, submeter, otherMeter, call, open };
}

/** A portal with a water quantity (the existing sub-meter) and a diesel one (a new data source). */
export const newPortalBody = (f: Awaited<ReturnType<typeof portalsFixture>>, url: string) => ({
  name: 'Caretaker readings',
  url,
  period: 'Monthly',
  quantities: [
    {
      meterId: f.submeter.id,
      name: 'Water',
      energy: { id: f.water.id },
      unit: { unitId: f.water.stdUnitId },
    },
    {
      meterId: null,
      name: 'Generator diesel',
      energy: { id: f.diesel.id },
      unit: { unitId: f.diesel.stdUnitId },
    },
  ],
  reporting: 2,
  dataSourcePrefix: 'Portal',
  site: f.site.id,
});

/** A one-pixel PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');
