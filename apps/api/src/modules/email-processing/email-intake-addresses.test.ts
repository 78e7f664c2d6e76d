import { INTAKE_MSG } from '@verdant/contracts/email-processing/intake-addresses';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { intakeFixture } from './email-fixtures';
import { intakeAddressOf } from './intake-store';

/*
 * Managing intake addresses (docs/decisions/email-intake.md, Managing intake addresses): the organisation's
 * administrators and product administrators; another organisation's administrator and an observer are refused
 * and learn nothing.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
let otherOrg = 0;
const tokens = { root: '', admin: '', otherAdmin: '', observer: '' };
let observerId = 0;

const call = (
  who: keyof typeof tokens,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who]), payload });
const base = () => `/organisations/${fx.org.id}/email-intake-addresses`;

beforeAll(async () => {
  t = await createTestApp();
  fx = await intakeFixture(t.db, 'Address Org');
  otherOrg = (await createOrganisation(t.db, { name: 'Other Address Org' })).id;
  await createUser(t.db, { loginId: 'ia.root', productAdmin: true });
  await createMember(t.db, fx.org.id, { loginId: 'ia.admin', accessId: 2, admin: true });
  await createMember(t.db, otherOrg, { loginId: 'ia.other', accessId: 2, admin: true });
  observerId = (await createMember(t.db, fx.org.id, { loginId: 'ia.observer', accessId: 4 })).id;
  tokens.root = await t.login('ia.root');
  tokens.admin = await t.login('ia.admin');
  tokens.otherAdmin = await t.login('ia.other');
  tokens.observer = await t.login('ia.observer');
});
afterAll(() => t?.close());

describe('intake addresses', () => {
  it('lists, adds, changes and deletes, each with its audit row', async () => {
    const listed = await call('admin', 'GET', base());
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((a: { address: string }) => a.address)).toEqual([fx.address]);
    expect(listed.json().people.map((p: { id: number }) => p.id)).not.toContain(observerId);

    const created = await call('admin', 'POST', base(), {
      address: ' Bills+Address@Intake.TEST ',
      allowedSenders: ['@Retailer.test', 'accounts@retailer.test'],
      sendReceipt: true,
    });
    expect(created.statusCode).toBe(200);
    const a = created.json().data;
    expect(a).toMatchObject({
      address: 'bills+address@intake.test',
      allowedSenders: ['@retailer.test', 'accounts@retailer.test'],
      sendReceipt: true,
      active: true,
      messages: 0,
    });
    expect(await intakeAddressOf(t.db, 'bills+address@intake.test')).toMatchObject({ sendReceipt: 'yes' });

    const changed = await call('root', 'PUT', `${base()}/${a.id}`, {
      address: a.address,
      allowedSenders: ['@retailer.test'],
      sendReceipt: false,
      active: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ allowedSenders: ['@retailer.test'], active: false });
    // An inactive address takes no mail.
    expect(await intakeAddressOf(t.db, a.address)).toBeUndefined();

    expect((await call('admin', 'DELETE', `${base()}/${a.id}`)).json().message).toBe(INTAKE_MSG.deleted);
    const events = await t.db.execute<{ action: string }>(sql`select action from audit_events
      where asset_type = 'email-intake-address' and asset_id = ${a.id} order by id`);
    expect(events.rows.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const bad = async (payload: object, message: string) => {
      const res = await call('admin', 'POST', base(), payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad({ address: 'not an address' }, INTAKE_MSG.address);
    await bad({ address: 'ok@intake.test', allowedSenders: ['retailer.test'] }, INTAKE_MSG.sender);
    await bad({ address: fx.address.toUpperCase() }, INTAKE_MSG.taken);
    await bad({ address: 'ok@intake.test', actingUserId: observerId }, INTAKE_MSG.actingUser);
    await bad({ address: 'ok@intake.test', allowedSenders: 'x' }, 'allowedSenders');
    const res = await call('admin', 'PUT', `${base()}/999999`, { address: 'ok@intake.test' });
    expect(res.statusCode).toBe(404);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_intake_addresses where organisation_id = ${fx.org.id}`,
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it("refuses another organisation's administrator and an observer, who learn nothing", async () => {
    const [own] = (await call('admin', 'GET', base())).json().data as { id: number }[];
    const body = { address: 'stolen@intake.test' };
    for (const who of ['otherAdmin', 'observer'] as const) {
      for (const [method, url, payload] of [
        ['GET', base(), undefined],
        ['POST', base(), body],
        ['PUT', `${base()}/${own?.id}`, body],
        ['DELETE', `${base()}/${own?.id}`, undefined],
      ] as const) {
        const res = await call(who, method, url, payload);
        expect([403, 404]).toContain(res.statusCode);
        expect(res.body).not.toContain(fx.address);
      }
    }
    // Through its own organisation, another administrator cannot reach this organisation's address either.
    const sideways = await call(
      'otherAdmin',
      'DELETE',
      `/organisations/${otherOrg}/email-intake-addresses/${own?.id}`,
    );
    expect(sideways.statusCode).toBe(404);
    expect(await intakeAddressOf(t.db, fx.address)).toBeDefined();
  });
});
