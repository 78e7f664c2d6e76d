import { auditEvents } from '@verdant/db/schema/audit';
import { consumptionRecords } from '@verdant/db/schema/inputs';
import { dataEntryPortals, portalEntries } from '@verdant/db/schema/portals';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { newPortalBody, PNG, portalsFixture } from './portals-fixture';

let f: Awaited<ReturnType<typeof portalsFixture>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let key = '';
let ids = { water: 0, diesel: 0, portal: 0 };
const url = 'pp-water-board-readings';
const at = `/public/portals/${url}`;

beforeAll(async () => {
  smtp = await startSmtp();
  f = await portalsFixture('pp', { mailer: smtpMailer(smtp), env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '40' } });
  const made = await f.call('editor', 'POST', '/data-entry-portals/portals/create', newPortalBody(f, url));
  ids.portal = made.json().id;
  const portal = (await f.call('editor', 'GET', '/data-entry-portals/portals')).json().portals[0];
  key = portal.link.key;
  ids = { ...ids, water: portal.quantities[0].id, diesel: portal.quantities[1].id };
});
afterAll(async () => {
  await f.t.close();
  await smtp.close();
});

const state = async () => ({
  records: (await f.t.db.select().from(consumptionRecords)).length,
  entries: (await f.t.db.select().from(portalEntries)).length,
});

describe('the public page of a portal', () => {
  it("opens with the link's key: the open period, each quantity's last figure and expected range, nothing else", async () => {
    const res = await f.open('POST', `${at}/open`, { key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Caretaker readings',
      period: 'Monthly',
      periodLabel: 'October 2026',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      due: '2026-11-10',
      quantities: [
        {
          id: ids.water,
          name: 'Water',
          unit: 'm3',
          last: { value: 150, date: '2026-09-30' },
          expected: { low: 75, high: 187.5 },
          entry: null,
        },
        { id: ids.diesel, name: 'Generator diesel', unit: 'L', last: null, expected: null, entry: null },
      ],
    });
    // No other asset, figure or person of the organisation.
    for (const secret of [
      'Water Board',
      'Pump station',
      'Portal Generator',
      'Secret meter',
      'pp.editor',
      'meterId',
    ])
      expect(res.body).not.toContain(secret);
  });

  it('refuses a wrong, rotated or revoked key with a clear page, and a bad address', async () => {
    const wrong = await f.open('POST', `${at}/open`, { key: `${key.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(PORTAL_MSG.linkNotValid);
    const unknown = await f.open('POST', '/public/portals/no-such-portal/open', { key });
    expect(unknown.json().message).toBe(PORTAL_MSG.linkNotValid);
    const path = await f.open('POST', `/public/portals/${encodeURIComponent('../etc')}/open`, { key });
    expect(path.statusCode).toBe(400);
    const long = await f.open('POST', `/public/portals/${'a'.repeat(90)}/open`, { key });
    expect(long.json().message).toBe(PORTAL_MSG.urlLength);
    const longer = await f.open('POST', `/public/portals/${'a'.repeat(300)}/open`, { key });
    expect(longer.statusCode).toBe(414);
    expect(longer.json().message).toBe('The address is too long.');
  });

  it('refuses bad figures and attachments with their reasons, writing nothing', async () => {
    const before = await state();
    const send = (body: object) => f.open('POST', `${at}/entries`, { key, ...body });
    const abc = await send({ figures: [{ quantityId: ids.diesel, value: 'abc' }] });
    expect(abc.json().message).toBe(PORTAL_MSG.valueNumber);
    const negative = await send({ figures: [{ quantityId: ids.diesel, value: -4 }] });
    expect(negative.json().message).toBe(PORTAL_MSG.valueNegative);
    const foreign = await send({ figures: [{ quantityId: 999999, value: 4 }] });
    expect(foreign.json().message).toBe(PORTAL_MSG.noQuantityOfPortal);
    const closed = await send({ figures: [{ quantityId: ids.diesel, value: 4 }], periodStart: '2026-09-01' });
    expect(closed.json().message).toBe(PORTAL_MSG.periodClosed);
    const future = await send({ figures: [{ quantityId: ids.diesel, value: 4 }], periodStart: '2026-11-01' });
    expect(future.json().message).toBe(PORTAL_MSG.periodFuture);
    const figures = [{ quantityId: ids.diesel, value: 4 }];
    const exe = await send({ figures, attachment: { filename: 'meter.exe', data: PNG } });
    expect(exe.json().message).toBe(PORTAL_MSG.photoType);
    const fake = await send({
      figures,
      attachment: { filename: 'meter.png', data: Buffer.from('<html>').toString('base64') },
    });
    expect(fake.json().message).toBe(PORTAL_MSG.photoUnreadable);
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(11 * 1024 * 1024)]).toString(
      'base64',
    );
    const large = await send({ figures, attachment: { filename: 'meter.png', data: big } });
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('The attachment is larger than 10 MB');
    // Outside the expected range: a 409 naming the quantity, so the page asks to confirm.
    const outside = await send({ figures: [{ quantityId: ids.water, value: 400 }] });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().fields).toEqual({ [String(ids.water)]: [PORTAL_MSG.outsideRange] });
    for (const r of [abc, negative, foreign, closed, future, exe, fake]) expect(r.statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('takes confirmed figures with a photo: consumption records by the link, and a receipt on screen and by mail', async () => {
    const res = await f.open('POST', `${at}/entries`, {
      key,
      figures: [
        { quantityId: ids.water, value: '400', confirmed: true },
        { quantityId: ids.diesel, value: 55.5 },
      ],
      email: 'Caretaker@Example.org',
      attachment: { filename: 'meter.png', data: PNG },
    });
    expect(res.statusCode).toBe(200);
    const { receipt } = res.json();
    expect(receipt).toMatchObject({
      portal: 'Caretaker readings',
      period: 'October 2026',
      figures: [
        { quantity: 'Water', value: 400, unit: 'm3' },
        { quantity: 'Generator diesel', value: 55.5, unit: 'L' },
      ],
      attachment: 'meter.png',
      emailedTo: 'caretaker@example.org',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe('Receipt: figures received for Caretaker readings');
    expect(mail?.text).toContain(receipt.reference);
    const water = await f.t.db
      .select()
      .from(consumptionRecords)
      .where(eq(consumptionRecords.meterId, f.submeter.id));
    expect(water.at(-1)).toMatchObject({ dateFrom: '2026-10-01', dateTill: '2026-10-31', units: '400.0000' });
    expect(water.at(-1)?.attachmentId).not.toBeNull();
    const audits = await f.t.db.select().from(auditEvents).where(eq(auditEvents.assetId, f.submeter.id));
    const written = audits.find((a) => a.action === 'create' && a.actorPortalToken);
    expect(written?.actorPortalToken).toMatch(new RegExp(`^portal ${ids.portal} link [0-9a-f]{12}$`));
    expect(written?.actorPortalToken).not.toContain(key);
    // Entered twice: refused, the first entry is corrected instead.
    const again = await f.open('POST', `${at}/entries`, {
      key,
      figures: [{ quantityId: ids.diesel, value: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PORTAL_MSG.alreadyEntered);
    const page = (await f.open('POST', `${at}/open`, { key })).json();
    expect(page.quantities[1].entry).toMatchObject({
      value: 55.5,
      status: 'awaiting review',
      attachment: 'meter.png',
      mayCorrect: true,
    });
  });

  it('lets the holder correct an entry until it is reviewed; review sends back with a comment and the contact is told', async () => {
    const page = (await f.open('POST', `${at}/open`, { key })).json();
    const entryId = page.quantities[1].entry.id;
    const fixed = await f.open('PUT', `${at}/entries/${entryId}`, { key, value: 60 });
    expect(fixed.json().receipt.figures).toEqual([{ quantity: 'Generator diesel', value: 60, unit: 'L' }]);
    const base = `/data-entry-portals/portals/${ids.portal}/entries`;
    expect(
      (await f.call('observer', 'POST', `${base}/${entryId}/review`, { decision: 'accept' })).statusCode,
    ).toBe(403);
    expect(
      (await f.call('outsider', 'POST', `${base}/${entryId}/review`, { decision: 'accept' })).statusCode,
    ).toBe(404);
    const noComment = await f.call('editor', 'POST', `${base}/${entryId}/review`, { decision: 'send back' });
    expect(noComment.json().message).toBe(PORTAL_MSG.reviewCommentRequired);
    const back = await f.call('editor', 'POST', `${base}/${entryId}/review`, {
      decision: 'send back',
      comment: 'Docket says 66',
    });
    expect(back.json()).toMatchObject({
      message: PORTAL_MSG.reviewSentBack,
      entry: { status: 'sent back', value: 60, comment: 'Docket says 66' },
    });
    const mails = await smtp.waitFor(3);
    const told = mails.find((m) => m.subject.includes('was sent back'));
    expect(told?.text).toContain('Docket says 66');
    expect(told?.text).toContain(`/portals/${url}#key=`);
    await f.open('PUT', `${at}/entries/${entryId}`, { key, value: 66 });
    const accepted = await f.call('editor', 'POST', `${base}/${entryId}/review`, { decision: 'accept' });
    expect(accepted.json().entry).toMatchObject({
      status: 'approved',
      value: 66,
      reviewedBy: expect.any(String),
    });
    const locked = await f.open('PUT', `${at}/entries/${entryId}`, { key, value: 1 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(PORTAL_MSG.entryReviewed);
    const record = (await f.t.db.select().from(consumptionRecords)).find((r) => r.units === '66.0000');
    expect(record).toBeDefined();
  });

  it('with a second approval, the approver must be another person; the list shows the shares', async () => {
    await f.t.db
      .update(dataEntryPortals)
      .set({ secondApproval: true })
      .where(eq(dataEntryPortals.id, ids.portal));
    const base = `/data-entry-portals/portals/${ids.portal}/entries`;
    const list = (await f.call('editor', 'GET', base)).json();
    const water = list.entries.find((e: { quantity: string }) => e.quantity === 'Water');
    expect(water).toMatchObject({
      status: 'awaiting review',
      late: true,
      attachment: { filename: 'meter.png' },
    });
    const reviewed = await f.call('editor', 'POST', `${base}/${water.id}/review`, { decision: 'accept' });
    expect(reviewed.json().entry.status).toBe('reviewed');
    const same = await f.call('editor', 'POST', `${base}/${water.id}/review`, { decision: 'approve' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(PORTAL_MSG.approverSame);
    const other = await f.call('second', 'POST', `${base}/${water.id}/review`, { decision: 'approve' });
    expect(other.json().entry).toMatchObject({ status: 'approved', approvedBy: expect.any(String) });
    const period = (await f.call('editor', 'GET', '/data-entry-portals/portals')).json().portals[0]
      .periods[0];
    expect(period).toMatchObject({
      expected: 2,
      received: 2,
      late: 2,
      approved: 2,
      share: 1,
      approvedShare: 1,
    });
  });

  it('stops working once the link is rotated, revoked or expired', async () => {
    const base = `/data-entry-portals/portals/${ids.portal}`;
    await f.call('editor', 'POST', `${base}/link/rotate`);
    expect((await f.open('POST', `${at}/open`, { key })).json().message).toBe(PORTAL_MSG.linkNotValid);
    const fresh = (await f.call('editor', 'GET', '/data-entry-portals/portals')).json().portals[0].link.key;
    expect((await f.open('POST', `${at}/open`, { key: fresh })).statusCode).toBe(200);
    await f.call('editor', 'PUT', base, { name: 'Caretaker readings', linkExpiresOn: '2026-11-20' });
    expect((await f.open('POST', `${at}/open`, { key: fresh })).json().message).toBe(PORTAL_MSG.linkExpired);
    await f.call('editor', 'PUT', base, { name: 'Caretaker readings', linkExpiresOn: null });
    await f.call('editor', 'POST', `${base}/link/revoke`);
    expect((await f.open('POST', `${at}/open`, { key: fresh })).json().message).toBe(PORTAL_MSG.linkNotValid);
  });

  it('is rate limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 45; i += 1)
      answers.push((await f.open('POST', `${at}/open`, { key }, '10.9.9.9')).statusCode);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await f.open('POST', `${at}/open`, { key }, '10.9.9.10')).statusCode).not.toBe(429);
  });
});
