import { createMember } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmRestatement,
  type EditionsWorld,
  editionsWorld,
  gridOrganisation,
  loadEdition,
  MFE_2022,
  publishEdition,
} from '../../testing/editions-fixture';
import { tableDigest } from '../../testing/table-digest';

/**
 * A worked example by hand (docs/decisions/catalogue.md, Restatements). Two organisations each have one grid
 * electricity meter that used 120,000 kWh in 2022 (calendar reporting years). Before any of this the 2022 grid
 * factor is MfE 2025's 0.0818949105 kg CO2e/kWh: 120,000 x 0.0818949105 = 9,827.38926 kg (scope 2, location).
 *
 * 1. "TA 2023" (a test publisher, 2022 at 0.0742) is published: both move to 120,000 x 0.0742 = 8,904 kg.
 * 2. Pinned chooses to pin 2022 to TA 2023; Effective stays effective-dated.
 * 3. "TA 2024" (2022 revised to 0.0819, as MfE revised 0.0742 to 0.0819) is published: Effective moves to
 *    120,000 x 0.0819 = 9,828 kg (+924 kg, +10.38 % of scope 2, above its 5 % threshold); Pinned stays at 8,904.
 * 4. "TA 2024 v1.1" corrects it to 0.0820: Effective moves to 9,840 kg (+12 kg, 0.12 %, below the threshold).
 * Scope 3 (T&D losses) is not in these editions, so it stays MfE's throughout and only scope 2 moves.
 */

let w: EditionsWorld;
let t: EditionsWorld['t'];
let digest: () => Promise<string>;
const org: Record<'pinned' | 'effective' | 'other', { id: number }> = {} as never;

beforeAll(async () => {
  w = await editionsWorld();
  t = w.t;
  for (const name of ['pinned', 'effective', 'other'] as const) {
    org[name] = await gridOrganisation(w, `Org ${name}`, name, name === 'other' ? [] : [2022]);
  }
  await createMember(t.db, org.effective.id, { loginId: 'watcher', accessId: 4 });
  w.tokens.watcher = await t.login('watcher');
  digest = await tableDigest(t.db);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.call(who, method, url, payload);

const s2 = async (organisationId: number) =>
  Number(
    (
      await t.db.execute<{ kg: number }>(sql`select sum(co2e_scope2_location)::float8 as kg from monthly_facts
        where organisation_id = ${organisationId} and month between '2022-01-01' and '2022-12-01'`)
    ).rows[0]?.kg,
  );

const load = (name: string, published: string, rate: number, supersedes?: number) =>
  loadEdition(w, { name, published, rate, supersedes });
const confirmed = (who: string, url: string) => confirmRestatement(w, who, url);
const publish = (editionId: number, reason: string) => publishEdition(w, editionId, reason);

describe('a worked example: two editions, one organisation pinned, one effective-dated', () => {
  const ids: Record<string, number> = {};

  it('starts from MfE 2025', async () => {
    expect(await s2(org.pinned.id)).toBeCloseTo(120_000 * MFE_2022, 4);
    expect(await s2(org.effective.id)).toBeCloseTo(9827.38926, 4);
  });

  it('1. publishing TA 2023 previews, then moves both organisations on confirming', async () => {
    ids.ta2023 = await load('TA 2023', '2023-06-01', 0.0742);
    const before = await digest();
    const proposal = await publish(ids.ta2023, 'TA 2023 published');
    expect(proposal).toMatchObject({ kind: 'publish', status: 'proposed', edition: { name: 'TA 2023' } });
    expect(proposal.preview).toMatchObject({ organisations: 2, meters: 2 });
    expect(proposal.preview.kgCo2eMoved).toBeCloseTo(2 * (9827.38926 - 8904), 3);
    const effective = proposal.preview.byOrganisation.find(
      (o: { organisationId: number }) => o.organisationId === org.effective.id,
    );
    expect(effective.years).toHaveLength(1);
    expect(effective.years[0].before.s2Location).toBeCloseTo(9827.389, 3);
    expect(effective.years[0].after.s2Location).toBeCloseTo(8904, 3);
    expect(effective).toMatchObject({ threshold: 5, significant: true });
    // The preview changed no figure.
    expect(await s2(org.effective.id)).toBeCloseTo(9827.38926, 4);
    expect(
      (await t.db.execute(sql`select status from emission_factor_editions where id = ${ids.ta2023}`)).rows[0],
    ).toEqual({ status: 'draft' });
    void before;

    const done = await confirmed('root', `/admin/restatements/${proposal.id}/confirm`);
    expect(done).toMatchObject({ status: 'done' });
    expect(await s2(org.pinned.id)).toBeCloseTo(8904, 4);
    expect(await s2(org.effective.id)).toBeCloseTo(8904, 4);
    const kept = await t.db.execute<{ kg: number }>(sql`select sum(co2e_scope2_location)::float8 as kg
      from restated_facts where restatement_id = ${proposal.id} and organisation_id = ${org.effective.id}`);
    expect(kept.rows[0]?.kg).toBeCloseTo(9827.38926, 4);
  });

  it('refuses a second publish of the same edition, and a second confirmation, changing nothing', async () => {
    const before = await digest();
    const again = await call('root', 'POST', `/admin/emission-factor-editions/${ids.ta2023}/publish`, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This edition is already published; load a correcting edition instead');
    expect(await digest()).toEqual(before);
  });

  it('2. the pinned organisation pins 2022 to TA 2023 (nothing moves yet)', async () => {
    const proposal = await call('pinned', 'POST', `/organisations/${org.pinned.id}/edition-policy`, {
      mode: 'pinned',
      switchDate: '2022-01-01',
      pins: [{ reportingYear: 2022, editionId: ids.ta2023 }],
      reason: 'Keep 2022 as disclosed',
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json().preview).toMatchObject({ organisations: 0, kgCo2eMoved: 0 });
    await confirmed('pinned', `/organisations/${org.pinned.id}/restatements/${proposal.json().id}/confirm`);
    const policy = await call('pinned', 'GET', `/organisations/${org.pinned.id}/edition-policy`);
    expect(policy.json()).toMatchObject({
      mode: 'pinned',
      pins: [{ reportingYear: 2022, editionName: 'TA 2023' }],
    });
  });

  it('3. publishing TA 2024 moves only the effective-dated organisation, above its threshold', async () => {
    ids.ta2024 = await load('TA 2024', '2024-06-01', 0.0819);
    const proposal = await publish(ids.ta2024, 'TA 2024 revises 2022');
    expect(proposal.preview).toMatchObject({ organisations: 1, meters: 1 });
    const [only] = proposal.preview.byOrganisation;
    expect(only).toMatchObject({ organisationId: org.effective.id, significant: true });
    expect(only.years[0].after.s2Location - only.years[0].before.s2Location).toBeCloseTo(924, 3);
    await confirmed('root', `/admin/restatements/${proposal.id}/confirm`);
    expect(await s2(org.effective.id)).toBeCloseTo(9828, 4);
    expect(await s2(org.pinned.id)).toBeCloseTo(8904, 4);
  });

  it('4. a correction below the threshold is a restatement that is not significant', async () => {
    ids.v11 = await load('TA 2024 v1.1', '2024-08-01', 0.082, ids.ta2024);
    const proposal = await publish(ids.v11, 'Correction');
    expect(proposal.previousEdition).toMatchObject({ name: 'TA 2024' });
    const [only] = proposal.preview.byOrganisation;
    expect(only).toMatchObject({ organisationId: org.effective.id, significant: false });
    expect(only.changePercent).toBeLessThan(5);
    await confirmed('root', `/admin/restatements/${proposal.id}/confirm`);
    expect(await s2(org.effective.id)).toBeCloseTo(9840, 4);
    const old = await t.db.execute(sql`select status from emission_factor_editions where id = ${ids.ta2024}`);
    expect(old.rows[0]).toEqual({ status: 'superseded' });
  });

  it("lists each organisation's restatements with editions, totals and significance", async () => {
    const list = (await call('effective', 'GET', `/organisations/${org.effective.id}/restatements`)).json();
    expect(
      list.map((r: { editionAfter: string; significant: boolean }) => [r.editionAfter, r.significant]),
    ).toEqual([
      ['TA 2024 v1.1', false],
      ['TA 2024', true],
      ['TA 2023', true],
    ]);
    expect(list[0]).toMatchObject({ editionBefore: 'TA 2024', reason: 'Correction', meters: 1 });
    expect(list[0].years[0].after.s2Location).toBeCloseTo(9840, 3);
    const pinned = (await call('pinned', 'GET', `/organisations/${org.pinned.id}/restatements`)).json();
    expect(pinned.map((r: { editionAfter: string }) => r.editionAfter)).toEqual(['TA 2023']);
  });
});

describe('rights and bad input', () => {
  it("refuses another organisation's administrator and an observer, who learn nothing", async () => {
    const cases = [
      ['GET', `/organisations/${org.effective.id}/edition-policy`],
      ['GET', `/organisations/${org.effective.id}/restatements`],
      ['PUT', `/organisations/${org.effective.id}/restatement-settings`, { significanceThreshold: 1 }],
      [
        'POST',
        `/organisations/${org.effective.id}/edition-policy`,
        { mode: 'pinned', switchDate: '2022-01-01', pins: [], reason: 'x' },
      ],
      ['POST', `/organisations/${org.effective.id}/restatements/1/confirm`],
      ['GET', '/admin/restatements/1'],
      ['POST', '/admin/restatements/1/confirm'],
      ['POST', '/admin/emission-factor-editions/1/publish', { reason: 'x' }],
    ] as const;
    for (const who of ['other', 'watcher']) {
      for (const [method, url, body] of cases) {
        const before = await digest();
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('TA 20');
        expect(await digest()).toEqual(before);
      }
    }
  });

  it('refuses a bad choice with its message, changing nothing', async () => {
    const url = `/organisations/${org.effective.id}/edition-policy`;
    const cases: [object, string][] = [
      [
        { mode: 'pinned', switchDate: null, pins: [], reason: 'x' },
        'A pinned choice needs the date it applies from',
      ],
      [
        { mode: 'pinned', switchDate: '2022-01-01', pins: [], reason: 'x' },
        'A pinned choice needs at least one reporting year',
      ],
      [
        {
          mode: 'pinned',
          switchDate: '2022-01-01',
          pins: [{ reportingYear: 2022, editionId: 999999 }],
          reason: 'x',
        },
        'A pinned edition must be',
      ],
      [{ mode: 'effective', reason: 'x' }, 'That is the choice the organisation already has'],
    ];
    for (const [body, message] of cases) {
      const before = await digest();
      const res = await call('effective', 'POST', url, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await digest()).toEqual(before);
    }
  });

  it('refuses to confirm while another restatement is recomputing the organisation, changing nothing', async () => {
    // A published edition's restatement that moves the effective-dated organisation, its job under way.
    const running = await publish(await load('TA 2025', '2025-06-01', 0.09), 'TA 2025 revises 2022');
    expect(running.preview.byOrganisation.map((o: { organisationId: number }) => o.organisationId)).toEqual([
      org.effective.id,
    ]);
    await t.db.execute(sql`update restatements set status = 'running' where id = ${running.id}`);
    const ta2023 = await t.db.execute<{ id: number }>(
      sql`select id from emission_factor_editions where name = 'TA 2023'`,
    );
    const proposal = await call('effective', 'POST', `/organisations/${org.effective.id}/edition-policy`, {
      mode: 'pinned',
      switchDate: '2022-01-01',
      pins: [{ reportingYear: 2022, editionId: ta2023.rows[0]?.id }],
      reason: 'Keep 2022 as disclosed',
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    const before = await digest();
    const res = await call(
      'effective',
      'POST',
      `/organisations/${org.effective.id}/restatements/${proposal.json().id}/confirm`,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'Another restatement is recomputing Org effective (its figures); confirm this one when it has finished',
    );
    expect(await digest()).toEqual(before);
    await t.db.execute(sql`update restatements set status = 'proposed' where id = ${running.id}`);
  });

  it('keeps the significance threshold and recalculation policy as settings', async () => {
    const res = await call('effective', 'PUT', `/organisations/${org.effective.id}/restatement-settings`, {
      significanceThreshold: 7.5,
      recalculationPolicy: 'Restate the base year when a change exceeds 7.5 % of a year.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ significanceThreshold: 7.5, mode: 'effective' });
  });
});
