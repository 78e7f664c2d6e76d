import { meters } from '@verdant/db/schema/assets';
import { auditEvents } from '@verdant/db/schema/audit';
import { customPortals, dataEntryPortals, portalQuantities } from '@verdant/db/schema/portals';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPortalBody, portalsFixture } from './portals-fixture';

let f: Awaited<ReturnType<typeof portalsFixture>>;
let portalId = 0;

beforeAll(async () => {
  f = await portalsFixture('pa');
});
afterAll(async () => {
  await f.t.close();
});

const count = async () => ({
  portals: (await f.t.db.select().from(dataEntryPortals)).length,
  quantities: (await f.t.db.select().from(portalQuantities)).length,
  meters: (await f.t.db.select().from(meters)).length,
});

describe('setting up a data-entry portal', () => {
  it('answers the organisation prefix and whether an address is free', async () => {
    const prefix = await f.call('editor', 'GET', '/data-entry-portals/portals/org-prefix');
    expect(prefix.json()).toEqual({ prefix: 'pa-water-board' });
    const free = await f.call(
      'editor',
      'GET',
      '/data-entry-portals/portals/availability-check/pa-water-board-readings',
    );
    expect(free.json()).toEqual({ available: true });
  });

  it('creates a portal: an existing data source and a new one, one transaction with its audit', async () => {
    const res = await f.call(
      'editor',
      'POST',
      '/data-entry-portals/portals/create',
      newPortalBody(f, 'pa-water-board-readings'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Caretaker readings created.',
      url: 'pa-water-board-readings',
    });
    portalId = res.json().id;
    const list = (await f.call('editor', 'GET', '/data-entry-portals/portals')).json();
    const portal = list.portals.find((p: { id: number }) => p.id === portalId);
    expect(portal.quantities.map((q: { name: string }) => q.name)).toEqual(['Water', 'Generator diesel']);
    expect(portal.quantities[0]).toMatchObject({
      meterId: f.submeter.id,
      unit: { name: 'm3' },
      hideDelete: false,
    });
    expect(portal.link.key).toMatch(/^[\w-]{32}$/);
    expect(portal.period).toBe('Monthly');
    // A year of periods, the open one (October) first, nothing received and due 10 November: late.
    expect(portal.periods).toHaveLength(12);
    expect(portal.periods[0]).toMatchObject({
      start: '2026-10-01',
      label: 'October 2026',
      due: '2026-11-10',
      expected: 2,
      received: 0,
      late: 2,
      share: 0,
    });
    const [made] = await f.t.db.select().from(meters).where(eq(meters.localName, 'Portal Generator diesel'));
    expect(made).toMatchObject({
      meterType: 8,
      siteId: f.site.id,
      unitId: f.diesel.stdUnitId,
      meterOpen: '2026-10-01',
    });
    const audits = await f.t.db.select().from(auditEvents).where(eq(auditEvents.assetType, 'portal'));
    expect(audits.map((a) => a.action)).toContain('create');
    const again = await f.call(
      'editor',
      'GET',
      '/data-entry-portals/portals/availability-check/pa-water-board-readings',
    );
    expect(again.json()).toEqual({ available: false });
  });

  it('refuses a taken address, duplicate quantity names and bad addresses, storing nothing', async () => {
    const before = await count();
    const taken = await f.call(
      'editor',
      'POST',
      '/data-entry-portals/portals/create',
      newPortalBody(f, 'PA-Water-Board-Readings'),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This portal URL is already in use.  Please choose another name.');
    const body = newPortalBody(f, 'pa-second');
    const twice = {
      ...body,
      quantities: [body.quantities[1], { ...body.quantities[1], name: 'generator DIESEL ' }],
    };
    const dup = await f.call('editor', 'POST', '/data-entry-portals/portals/create', twice);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Quantities must have a unique name');
    for (const url of ['../admin', 'a/b', 'x'.repeat(300), 'has space']) {
      const bad = await f.call('editor', 'POST', '/data-entry-portals/portals/create', newPortalBody(f, url));
      expect(bad.statusCode).toBe(400);
      expect([PORTAL_MSG.urlCharacters, PORTAL_MSG.urlLength]).toContain(bad.json().message);
    }
    const none = await f.call('editor', 'POST', '/data-entry-portals/portals/create', {
      ...body,
      quantities: [],
    });
    expect(none.json().message).toBe(PORTAL_MSG.quantityRequired);
    const foreign = await f.call('editor', 'POST', '/data-entry-portals/portals/create', {
      ...body,
      quantities: [{ ...body.quantities[0], meterId: f.otherMeter.id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(PORTAL_MSG.unknownMeter);
    // The second quantity's data source would be made before the first one's refusal: nothing stays.
    const late = await f.call('editor', 'POST', '/data-entry-portals/portals/create', {
      ...body,
      quantities: [body.quantities[1], { ...body.quantities[0], meterId: f.otherMeter.id }],
    });
    expect(late.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('renames the portal and its quantities and adds one; the period stays', async () => {
    const base = `/data-entry-portals/portals/${portalId}`;
    const renamed = await f.call('editor', 'PUT', base, {
      name: 'Caretaker figures',
      period: 'Yearly (Calendar)',
      dueDays: 5,
    });
    expect(renamed.json()).toEqual({ success: true, message: 'Portal updated' });
    const meter = await f.call('editor', 'PUT', `${base}/meters/${f.submeter.id}`, { name: 'Town water' });
    expect(meter.json().message).toBe(PORTAL_MSG.quantityRenamed);
    const clash = await f.call('editor', 'PUT', `${base}/meters/${f.submeter.id}`, {
      name: 'generator diesel',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Quantities must have a unique name');
    const added = await f.call('editor', 'POST', `${base}/meters`, {
      meterId: null,
      name: 'Boiler diesel',
      energy: { id: f.diesel.id },
      unit: { unitId: f.diesel.stdUnitId },
    });
    expect(added.json().quantity).toMatchObject({ name: 'Boiler diesel', energy: { id: f.diesel.id } });
    const quantities = (await f.call('editor', 'GET', `${base}/meters`)).json().quantities;
    expect(quantities.map((q: { name: string }) => q.name)).toEqual([
      'Town water',
      'Generator diesel',
      'Boiler diesel',
    ]);
    const [row] = await f.t.db.select().from(dataEntryPortals).where(eq(dataEntryPortals.id, portalId));
    expect(row).toMatchObject({ name: 'Caretaker figures', period: 'Monthly', dueDays: 5 });
  });

  it('rotates and revokes the link, and keeps contacts', async () => {
    const base = `/data-entry-portals/portals/${portalId}`;
    const key = async () =>
      (await f.call('editor', 'GET', '/data-entry-portals/portals')).json().portals[0].link;
    const first = await key();
    expect((await f.call('editor', 'POST', `${base}/link/rotate`)).json().message).toBe(
      PORTAL_MSG.linkRotated,
    );
    const second = await key();
    expect(second.key).not.toBe(first.key);
    expect((await f.call('editor', 'POST', `${base}/link/revoke`)).json().message).toBe(
      PORTAL_MSG.linkRevoked,
    );
    expect((await key()).revoked).toBe(true);
    const contacts = await f.call('editor', 'PUT', `${base}/contacts`, {
      contacts: ['Caretaker@Example.org', 'caretaker@example.org'],
    });
    expect(contacts.json().message).toBe(PORTAL_MSG.contactsSaved);
    expect((await f.call('editor', 'GET', '/data-entry-portals/portals')).json().portals[0].contacts).toEqual(
      ['caretaker@example.org'],
    );
    const bad = await f.call('editor', 'PUT', `${base}/contacts`, { contacts: ['not an address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PORTAL_MSG.emailInvalid);
    // The audit says the link changed, never what it is.
    const rows = await f.t.db.select().from(auditEvents).where(eq(auditEvents.action, 'rotate link'));
    expect(JSON.stringify(rows)).not.toContain(second.key);
  });

  it('lists and adds custom portals: name and link', async () => {
    const at = `/organisations/${f.org.id}/custom-portals`;
    const added = await f.call('admin', 'POST', at, {
      name: 'Tenant survey',
      link: 'https://survey.example.org/t',
    });
    expect(added.json().message).toBe(PORTAL_MSG.customPortalSaved);
    const bad = await f.call('admin', 'POST', at, { name: 'Bad', link: 'javascript:alert(1)' });
    expect(bad.json().message).toBe(PORTAL_MSG.customPortalLink);
    const list = await f.call('observer', 'GET', at);
    expect(list.json()).toEqual({
      portals: [expect.objectContaining({ name: 'Tenant survey', link: 'https://survey.example.org/t' })],
      mayEdit: false,
    });
  });
});

describe('rights', () => {
  it("refuses another organisation's administrator and a read-only user, who learn nothing", async () => {
    const before = await count();
    const base = `/data-entry-portals/portals/${portalId}`;
    const writes: [string, 'POST' | 'PUT', string, object | undefined][] = [
      ['observer', 'POST', '/data-entry-portals/portals/create', newPortalBody(f, 'pa-observer')],
      ['observer', 'PUT', base, { name: 'Taken over' }],
      ['observer', 'POST', `${base}/link/rotate`, undefined],
      ['observer', 'POST', `/organisations/${f.org.id}/custom-portals`, { name: 'x', link: 'https://x.org' }],
      ['outsider', 'PUT', base, { name: 'Taken over' }],
      ['outsider', 'POST', `${base}/link/rotate`, undefined],
      ['outsider', 'PUT', `${base}/meters/${f.submeter.id}`, { name: 'Mine' }],
      ['outsider', 'POST', `/organisations/${f.org.id}/custom-portals`, { name: 'x', link: 'https://x.org' }],
    ];
    for (const [who, method, url, body] of writes) {
      const res = await f.call(who, method, url, body);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('Caretaker');
    }
    for (const url of ['/data-entry-portals/portals', `${base}/meters`, `${base}/entries`]) {
      expect((await f.call('observer', 'GET', url)).statusCode).toBe(403);
    }
    // The outsider sees their own organisation's (empty) list, never this one's portal or its link.
    const theirs = await f.call('outsider', 'GET', '/data-entry-portals/portals');
    expect(theirs.json()).toEqual({ portals: [] });
    expect((await f.call('outsider', 'GET', `${base}/meters`)).statusCode).toBe(404);
    expect((await f.call('outsider', 'GET', `/organisations/${f.org.id}/custom-portals`)).statusCode).toBe(
      403,
    );
    expect(await count()).toEqual(before);
    expect((await f.t.db.select().from(customPortals)).map((c) => c.name)).toEqual(['Tenant survey']);
  });
});
