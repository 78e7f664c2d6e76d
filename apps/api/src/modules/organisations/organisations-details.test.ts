import { MSG } from '@verdant/domain/messages';
import { describe, expect, it } from 'vitest';
import { call, current, org, put, useFixture } from './organisations.fixture';

useFixture();

describe('organisation details', () => {
  it('answers the whole organisation to any member, with what they may do', async () => {
    const res = await call('watcher', 'GET', `/api/organisations/${org.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: org.id,
      name: 'Riverside Council',
      statusId: 1,
      finrepId: 2,
      reportingYearEnd: 12,
      alertSettings: null,
      mayEdit: false,
      mayEnable: false,
    });
    expect((await current()).mayEdit).toBe(true);
  });

  it('saves editable fields for an administrator, the subscription expiry clearable', async () => {
    const res = await put('boss', { orgAddress1: '1 River Road', subscriptionExpiry: '2027-06-30' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orgAddress1: '1 River Road', subscriptionExpiry: '2027-06-30' });
    const cleared = await put('boss', { subscriptionExpiry: null });
    expect(cleared.json().subscriptionExpiry).toBeNull();
  });

  it('refuses a name another organisation has, open or closed, and an empty one', async () => {
    const open = await put('boss', { name: 'harbour trust' });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('An organisation with that name already exists.');
    expect(open.json().fields.name).toEqual(['An organisation with that name already exists.']);
    const closed = await put('boss', { name: 'Old Mill Ltd' });
    expect(closed.json().message).toBe('A closed organisation with that name already exists.');
    const empty = await put('boss', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(MSG.organisationNameRequired);
    expect((await current()).name).toBe('Riverside Council');
    // Its own name in another case is no clash.
    expect((await put('boss', { name: 'Riverside Council' })).statusCode).toBe(200);
  });

  it('takes the reporting year end 12, 3 or 6 only', async () => {
    for (const yearEnd of [6, 3, 12]) {
      expect((await put('boss', { reportingYearEnd: yearEnd })).json().reportingYearEnd).toBe(yearEnd);
    }
    const bad = await put('boss', { reportingYearEnd: 9 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MSG.reportingYearEndInvalid);
    expect((await current()).reportingYearEnd).toBe(12);
  });

  it('checks email fields', async () => {
    const bad = await put('boss', { alertEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Email address is not valid');
  });

  it('leaves writes to administrators: an editor and an observer only read', async () => {
    expect((await put('editor', { orgAddress2: 'x' })).statusCode).toBe(403);
    expect((await put('watcher', { orgAddress2: 'x' })).statusCode).toBe(403);
    const url = `/api/organisations/${org.id}`;
    expect(
      (await call('watcher', 'PUT', `${url}/settings`, { key: 'estimatesAlertEnabled', value: true }))
        .statusCode,
    ).toBe(403);
    expect((await call('watcher', 'PUT', `${url}/target`, { co2e: 5 })).statusCode).toBe(403);
    expect(
      (
        await call('watcher', 'POST', `${url}/procurement-expiry`, {
          description: 'Gas',
          expiryDate: '2027-01-01',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('watcher', 'POST', `${url}/disable`)).statusCode).toBe(403);
    expect((await current()).orgAddress2).toBeNull();
  });

  it('refuses another organisation, telling nothing', async () => {
    for (const [method, url] of [
      ['GET', `/api/organisations/${org.id}`],
      ['GET', `/api/organisations/${org.id}/procurement-expiry`],
      ['GET', `/api/organisations/${org.id}/factor-sources`],
      ['GET', `/api/organisations/${org.id}/site-cons-list/202610`],
      ['GET', `/api/organisations/${org.id}/emissions-list/202610`],
      ['GET', `/api/organisations/${org.id}/site-alerts-list`],
      ['POST', `/api/organisations/${org.id}/disable`],
    ] as const) {
      const res = await call('outsider', method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('Riverside');
      expect(res.body).not.toContain('Depot');
    }
    expect((await put('outsider', { orgAddress3: 'theirs' })).statusCode).toBe(403);
    expect((await call('outsider', 'GET', '/api/organisations/999999')).statusCode).toBe(403);
  });
});

describe('alert settings', () => {
  const setting = (who: string, key: string, value: unknown) =>
    call(who, 'PUT', `/api/organisations/${org.id}/settings`, { key, value });

  it('keeps the alert settings as the spec JSON text', async () => {
    await setting('boss', 'estimatesAlertEnabled', true);
    const res = await setting('boss', 'estimatesAlertCount', '3');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json().alertSettings)).toEqual({
      estimatesAlertEnabled: true,
      estimatesAlertCount: 3,
      nillConsumptionAlertEnabled: false,
      nillConsumptionAlertCount: null,
    });
  });

  it('takes whole-number counts only, and an empty count clears it', async () => {
    for (const value of ['2.5', 'abc', -1, 1.5]) {
      const res = await setting('boss', 'nillConsumptionAlertCount', value);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.alertCountInteger);
      expect(res.json().fields.nillConsumptionAlertCount).toEqual([MSG.alertCountInteger]);
    }
    expect(JSON.parse((await current()).alertSettings).nillConsumptionAlertCount).toBeNull();
    await setting('boss', 'nillConsumptionAlertCount', 4);
    const cleared = await setting('boss', 'estimatesAlertCount', '');
    expect(JSON.parse(cleared.json().alertSettings)).toMatchObject({
      estimatesAlertCount: null,
      nillConsumptionAlertCount: 4,
    });
  });

  it('refuses an unknown setting', async () => {
    const res = await setting('boss', 'logo', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.settingUnknown);
  });
});

describe('targets', () => {
  it('saves the co2e and consumption targets; null clears', async () => {
    const url = `/api/organisations/${org.id}/target`;
    expect((await call('boss', 'PUT', url, { co2e: 120000 })).json().co2eTarget).toBe(120000);
    const cons = (await call('boss', 'PUT', url, { cons: 950000.5 })).json();
    expect(cons).toMatchObject({ co2eTarget: 120000, consTarget: 950000.5 });
    expect((await call('boss', 'PUT', url, { co2e: null })).json().co2eTarget).toBeNull();
    const bad = await call('boss', 'PUT', url, { cons: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MSG.targetNotNumeric);
    expect((await call('boss', 'PUT', url, {})).statusCode).toBe(400);
  });
});
