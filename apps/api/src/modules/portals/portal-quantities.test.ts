import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { meters } from '@verdant/db/schema/assets';
import { auditEvents } from '@verdant/db/schema/audit';
import { consumptionRecords } from '@verdant/db/schema/inputs';
import { portalQuantities } from '@verdant/db/schema/portals';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPortalBody, portalsFixture } from './portals-fixture';

let f: Awaited<ReturnType<typeof portalsFixture>>;
let portal = { id: 0, key: '', diesel: 0, dieselMeter: 0 };
const url = 'pq-water-board-readings';

beforeAll(async () => {
  f = await portalsFixture('pq');
  const made = await f.call('editor', 'POST', '/data-entry-portals/portals/create', newPortalBody(f, url));
  const listed = (await f.call('editor', 'GET', '/data-entry-portals/portals')).json().portals[0];
  portal = {
    id: made.json().id,
    key: listed.link.key,
    diesel: listed.quantities[1].id,
    dieselMeter: listed.quantities[1].meterId,
  };
});
afterAll(async () => {
  await f.t.close();
});

const base = () => `/data-entry-portals/portals/${portal.id}`;
const quantityCount = async () => (await f.t.db.select().from(portalQuantities)).length;

describe("a portal's new data sources count in totals", () => {
  it('makes a standard supply read by hand, not a check meter', async () => {
    const [made] = await f.t.db.select().from(meters).where(eq(meters.id, portal.dieselMeter));
    expect(made).toMatchObject({
      situation: 'STANDARD',
      metlvlId: 1,
      meterType: 8,
      reportingSource: 'ORGANISATION',
    });
  });

  it('asks a new water data source for the account number the wizard asks of a standard supply', async () => {
    const water = {
      meterId: null,
      name: 'Yard water',
      energy: { id: f.water.id },
      unit: { unitId: f.water.stdUnitId },
    };
    const before = await quantityCount();
    const missing = await f.call('editor', 'POST', `${base()}/meters`, water);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the account number of the new data source');
    expect(await quantityCount()).toBe(before);
    const added = await f.call('editor', 'POST', `${base()}/meters`, { ...water, account: 'WA-7781' });
    expect(added.statusCode).toBe(200);
    const [made] = await f.t.db.select().from(meters).where(eq(meters.localName, 'Portal Yard water'));
    expect(made).toMatchObject({ situation: 'STANDARD', meterType: 8, account: 'WA-7781' });
  });

  it("shows a portal's figure in the organisation's totals through the read model", async () => {
    const res = await f.open('POST', `/public/portals/${url}/entries`, {
      key: portal.key,
      figures: [{ quantityId: portal.diesel, value: 55.5 }],
    });
    expect(res.statusCode).toBe(200);
    const totals = await sumFacts(f.t.db, {
      organisationId: f.org.id,
      by: ['meter', 'month'],
      from: '2026-10-01',
      till: '2026-10-01',
      visible: null,
    });
    const diesel = totals.find((r) => r.meter_id === portal.dieselMeter);
    expect(diesel?.units).toBeCloseTo(55.5, 4);
    const organisation = await sumFacts(f.t.db, {
      organisationId: f.org.id,
      by: ['month'],
      from: '2026-10-01',
      till: '2026-10-01',
      visible: null,
      energyIds: [f.diesel.id],
    });
    expect(organisation[0]?.units).toBeCloseTo(55.5, 4);
  });
});

describe('removing a quantity', () => {
  it('refuses a quantity with entries, and the last quantity', async () => {
    const withEntries = await f.call('editor', 'DELETE', `${base()}/meters/${portal.dieselMeter}`);
    expect(withEntries.statusCode).toBe(409);
    expect(withEntries.json().message).toBe(PORTAL_MSG.quantityHasEntries);
    const list = (await f.call('editor', 'GET', `${base()}/meters`)).json().quantities;
    expect(list.find((q: { meterId: number }) => q.meterId === portal.dieselMeter).hideDelete).toBe(true);
    const body = newPortalBody(f, 'pq-single');
    const single = await f.call('editor', 'POST', '/data-entry-portals/portals/create', {
      ...body,
      quantities: [body.quantities[0]],
    });
    const last = await f.call(
      'editor',
      'DELETE',
      `/data-entry-portals/portals/${single.json().id}/meters/${f.submeter.id}`,
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(PORTAL_MSG.lastQuantity);
  });

  it("refuses another organisation's administrator and a read-only user, changing nothing", async () => {
    const before = await quantityCount();
    for (const who of ['observer', 'outsider']) {
      const res = await f.call(who, 'DELETE', `${base()}/meters/${f.submeter.id}`);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('Water');
    }
    expect((await f.call('editor', 'DELETE', `${base()}/meters/999999`)).statusCode).toBe(404);
    expect(await quantityCount()).toBe(before);
  });

  it('removes a quantity without entries; its data source and figures stay, audited', async () => {
    const records = (
      await f.t.db.select().from(consumptionRecords).where(eq(consumptionRecords.meterId, f.submeter.id))
    ).length;
    const res = await f.call('editor', 'DELETE', `${base()}/meters/${f.submeter.id}`);
    expect(res.json()).toEqual({ success: true, message: PORTAL_MSG.quantityRemoved });
    const left = (await f.call('editor', 'GET', `${base()}/meters`)).json().quantities;
    expect(left.map((q: { name: string }) => q.name)).toEqual(['Generator diesel', 'Yard water']);
    const [meter] = await f.t.db.select().from(meters).where(eq(meters.id, f.submeter.id));
    expect(meter?.deletedAt).toBeNull();
    const after = await f.t.db
      .select()
      .from(consumptionRecords)
      .where(eq(consumptionRecords.meterId, f.submeter.id));
    expect(after).toHaveLength(records);
    const audits = await f.t.db.select().from(auditEvents).where(eq(auditEvents.action, 'remove quantity'));
    expect(audits).toHaveLength(1);
    // The public page no longer asks for it.
    const page = await f.open('POST', `/public/portals/${url}/open`, { key: portal.key });
    expect(page.json().quantities.map((q: { name: string }) => q.name)).toEqual([
      'Generator diesel',
      'Yard water',
    ]);
  });
});

describe('reports say what share of the period’s portal figures is approved', () => {
  const provenance = async () => {
    const res = await f.call('editor', 'POST', '/data/reporting/reports/run', {
      id: 1,
      output: 'pdf',
      asset: { type: 'organisation' },
      start: '2026-10-01',
    });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'portal-report-'));
    writeFileSync(join(dir, 'r.pdf'), res.rawPayload);
    return execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'])
      .toString()
      .replace(/\s+/g, ' ');
  };

  it('on the provenance page, before and after the review', async () => {
    expect(await provenance()).toContain('Portal figures approved 0 of 1 received (0 %); 1 awaiting review');
    const [entry] = (await f.call('editor', 'GET', `${base()}/entries`)).json().entries;
    const accepted = await f.call('editor', 'POST', `${base()}/entries/${entry.id}/review`, {
      decision: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await provenance()).toContain('Portal figures approved 1 of 1 received (100 %)');
  });
});
