import { createEntity, createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { groupings } from '@verdant/db/schema/groups';
import { ACCESS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { tableDigest } from '../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { BODIES } from './cross-organisation-bodies';

/*
 * The world of the cross-organisation sweep (docs/decisions/tenancy.md, The cross-organisation sweep;
 * docs/decisions/tooling.md, A test file's world in a fixture module): organisation A with one of every object a
 * path can name, its administrator and observer, organisation B's administrator, and a digest of every table.
 */

export let t: TestApp;
export let digest: () => Promise<string>;
export let adminB: string;
export let observerA: string;
/** A's objects by the parameter names that address them. */
export const a: Record<string, number> = {};
/** A's data load, addressed by its uuid. */
export let aLoad = '';
/** Text only A's objects carry: none may appear in an answer to someone outside A. */
export const SECRET = 'Tenant-A-secret';

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    await seedReferenceData(db);
    await seedCatalogue(db);
    const orgA = await createOrganisation(db, { name: `${SECRET} Organisation` });
    const orgB = await createOrganisation(db, { name: 'Tenant B' });
    const site = await createSite(db, orgA.id, {
      name: `${SECRET} Site`,
      regionId: 9,
      siteOpen: '2020-01-01',
    });
    const entity = await createEntity(db, site, { name: `${SECRET} Entity` });
    const meter = await createMeter(db, site, { localName: `${SECRET} Meter` });
    const group = await createGroup(db, orgA.id, 'site', `${SECRET} Group`, [site.id]);
    const meterGroup = await createGroup(db, orgA.id, 'meter', `${SECRET} Meter group`, [meter.id]);
    const [grouping] = await db
      .insert(groupings)
      .values({ organisationId: orgA.id, memberType: 'site', name: `${SECRET} Grouping`, controlled: true })
      .returning();
    const dataType = await createDataType(
      db,
      { name: `${SECRET} fuel`, grouping: `${SECRET} grouping`, organisationId: orgA.id },
      [{ name: 'sacks', conversionToStandard: 20 }],
    );
    // A Won't Send invoice alert of A's: reset must refuse B and A's observer.
    const alertedInvoice = await createInvoice(db, meter, {
      from: '2024-01-01',
      till: '2024-01-31',
      consumption: 1,
      cost: 1,
      unitId: dataType.stdUnitId,
    });
    const [invoiceAlert] = await db
      .insert(meterAlerts)
      .values({
        organisationId: orgA.id,
        meterId: meter.id,
        invoiceId: alertedInvoice.id,
        audit: 'gap-before',
        message: `${SECRET} alert`,
        alertDate: '2024-01-31',
        status: 'deleted',
      })
      .returning();
    await createMember(db, orgA.id, { loginId: 'a.admin', accessId: ACCESS.primaryContact, admin: true });
    const member = await createMember(db, orgA.id, {
      loginId: 'a.member',
      firstName: SECRET,
      surname: 'Member',
      email: 'tenant-a-secret.member@example.test',
      accessId: ACCESS.generalUser,
    });
    await createMember(db, orgA.id, { loginId: 'a.observer', accessId: ACCESS.observer });
    await createMember(db, orgB.id, { loginId: 'b.admin', accessId: ACCESS.primaryContact, admin: true });

    // A's own records made the way its people make them, through the API.
    const adminA = bearer(await t.login('a.admin'));
    const call = async (method: 'POST' | 'PUT', url: string, payload: object | Buffer, headers = {}) => {
      const res = await t.app.inject({ method, url, payload, headers: { ...adminA, ...headers } });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
      return res.json();
    };
    const job = await call('POST', `/api/organisations/${orgA.id}/jobs`, {
      dateFrom: '2024-01-01',
      text: `${SECRET} job`,
    });
    await call('POST', `/api/organisations/${orgA.id}/procurement-expiry`, {
      description: `${SECRET} contract`,
      expiryDate: '2030-01-01',
    });
    const expiries = await t.app.inject({
      url: `/api/organisations/${orgA.id}/procurement-expiry`,
      headers: adminA,
    });
    const file = await call('POST', `/api/sites/${site.id}/files`, Buffer.from(`${SECRET} notes`), {
      'content-type': 'application/octet-stream',
      'x-filename': `${SECRET}.txt`,
    });
    const loaded = await call(
      'POST',
      '/api/jobs/meter-load',
      Buffer.from(`Meter,Start,kWh\n${SECRET} Meter,2024-01-01 00:00,1\n`),
      { 'content-type': 'application/octet-stream', 'x-filename': `${SECRET}.csv` },
    );
    aLoad = loaded.data.uuid;
    const vehicles = await call('POST', `/api/sites/${site.id}/new-vehicles`, {
      purchaseDate: '2024-01-01',
      reporting: 'ORGANISATION',
      list: [
        {
          registration: 'SECRET1',
          make: `${SECRET} make`,
          model: 'Model',
          year: 2020,
          bodyShapeId: 1,
          seats: 5,
          transmissionTypeId: 1,
          engineSize: 2,
          fuelId: 4,
          desiredEfficiency: 8,
        },
      ],
    });
    const vehicleId = vehicles.data.newVehicleList[0].id as number;
    const purchase = await call('POST', `/api/vehicles/${vehicleId}/purchases`, {
      date: '2024-02-01',
      odo: 1000,
      quantity: 40,
      cost: 100,
    });
    const card = await call('POST', `/api/organisations/${orgA.id}/new-card-meters`, {
      name: 'Secret card',
      siteId: site.id,
    });
    const vehicleRow = (
      await t.app.inject({ url: `/api/vehicles/${vehicleId}`, headers: adminA })
    ).json() as {
      consMeter: number;
    };
    Object.assign(a, {
      vehicle: vehicleId,
      vehicleMeter: vehicleRow.consMeter,
      purchase: purchase.data.readingId,
      card: card.id,
    });
    // Groupings: one of sites and one of meters, made through the API.
    const siteGrouping = await call(
      'POST',
      `/api/organisations/${orgA.id}/reporting-group-groupings/site-groupings`,
      {
        name: `${SECRET} Regions`,
      },
    );
    const meterGrouping = await call(
      'POST',
      `/api/organisations/${orgA.id}/reporting-group-groupings/meter-groupings`,
      { name: `${SECRET} Cost centres` },
    );
    Object.assign(a, {
      meterGroup: meterGroup.id,
      siteGrouping: siteGrouping.id,
      meterGrouping: meterGrouping.id,
      org: orgA.id,
      site: site.id,
      entity: entity.id,
      meter: meter.id,
      group: group.id,
      grouping: grouping?.id ?? 0,
      member: member.id,
      job: job.id,
      expiry: (expiries.json() as { expiryId: number }[])[0]?.expiryId ?? 0,
      file: file.id,
      dataType: dataType.id,
      unit: dataType.units.sacks?.id ?? 0,
      invoiceAlert: invoiceAlert?.id ?? 0,
    });
    // An invoice of A's meter, entered the way its people enter one.
    const invoiced = await createMeter(db, site, {
      localName: `${SECRET} invoiced meter`,
      energyId: dataType.id,
      unitId: dataType.units.sacks?.id ?? 0,
    });
    const invoiceBody = {
      meterId: invoiced.id,
      invoiceNumber: `${SECRET} invoice`,
      invoiceDate: '2024-02-05',
      dateDue: '2024-02-20',
      dateFrom: '2024-01-01',
      dateTill: '2024-01-31',
      unitId: dataType.units.sacks?.id ?? 0,
      taxAmount: '15.00',
      visibleTotal: '115.00',
      items: [{ category: 'charge', chargeTypeId: 2, total: '100.00' }],
    };
    const entered = await call('PUT', '/api/invoices/save', invoiceBody);
    a.invoice = entered.savedInvoice.id;
    BODIES['PUT /api/invoices/save'] = { ...invoiceBody, id: a.invoice, invoiceNumber: 'Changed' };
    BODIES['POST /api/invoices/blank'] = {
      meter: invoiced.id,
      dateFrom: '2024-02-01',
      dateTill: '2024-02-29',
    };
    adminB = await t.login('b.admin');
    observerA = await t.login('a.observer');
    // Saving an organisation sends every field: A's own, as its administrator would.
    const orgBody = (await t.app.inject({ url: `/api/organisations/${orgA.id}`, headers: adminA })).json();
    BODIES[`PUT /api/organisations/{id}`] = orgBody;
    BODIES['POST /api/invoices/{id}/raw-data-url'] = {
      filename: 'bill.pdf',
      contentType: 'application/pdf',
      length: 100,
    };
    BODIES['PUT /api/invoices/{id}/original-link'] = { folder: `files/${file.id}` };
    // Reversal, replacement and decommission name A's meter in the body (their own tests refuse B with it).
    for (const p of ['reversal', 'replacement', 'decommissioning']) {
      BODIES[`POST /api/invoices/${p}`] = {
        meters: [{ meterId: meter.id, chargedConsumption: 1 }],
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        invoiceDate: '2024-02-01',
        invoiceNumber: 'X-1',
        chargedCost: 1,
      };
    }
    // A supplier-specific factor of A's (market-based scope 2).
    const [retailer] = (
      await db.execute<{ id: number }>(
        sql`select id from retailers where type = 'Electricity' order by id limit 1`,
      )
    ).rows;
    const instrumentBody = {
      kind: 'supplier-factor',
      retailerId: retailer?.id,
      dateFrom: '2024-01-01',
      dateTill: '2024-12-31',
      rate: 0.05,
      reference: `${SECRET} contract`,
    };
    a.instrument = (
      await call('POST', `/api/organisations/${orgA.id}/scope2-instruments`, instrumentBody)
    ).id;
    BODIES['POST /api/organisations/{id}/scope2-instruments'] = instrumentBody;
    BODIES['POST /api/admin/grid-intensity-series'] = {
      name: 'Sweep series',
      source: 'The sweep',
      intervalMinutes: 60,
      regionIds: [9],
      csv: 'Start,kg CO2e per kWh\n2025-07-01T00:00Z,0.1',
    };
    BODIES['PUT /api/organisations/{id}/scope2-instruments/{instrumentId}'] = {
      ...instrumentBody,
      rate: 0.06,
    };
    digest = await tableDigest(db);
  });
  afterAll(async () => {
    await t?.close();
  });
}
