import { portalMailings } from '@verdant/db/schema/portals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { sendPortalRequests } from './portal-requests';
import { newPortalBody, portalsFixture } from './portals-fixture';

let f: Awaited<ReturnType<typeof portalsFixture>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let portalId = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  f = await portalsFixture('pr');
  portalId = (
    await f.call('editor', 'POST', '/data-entry-portals/portals/create', newPortalBody(f, 'pr-readings'))
  ).json().id;
  await f.call('editor', 'PUT', `/data-entry-portals/portals/${portalId}/contacts`, {
    contacts: ['caretaker@example.org'],
  });
});
afterAll(async () => {
  await f.t.close();
  await smtp.close();
});

const at = (day: string) => new Date(`${day}T20:00:00Z`);

describe('portal requests and reminders', () => {
  it('mails each contact once a period ends, before and after the due date, once each, through SMTP', async () => {
    const mailer = smtpMailer(smtp);
    // 2 November in Auckland: October has ended, its figures are due on the 10th.
    expect(await sendPortalRequests(f.t.db, mailer, 'http://verdant.test', at('2026-11-01'))).toEqual({
      sent: 1,
    });
    const [request] = await smtp.waitFor(1);
    expect(request?.to).toEqual(['caretaker@example.org']);
    expect(request?.subject).toBe('Figures due for Caretaker readings: October 2026');
    expect(request?.text).toContain('Water (m3)');
    expect(request?.text).toContain('http://verdant.test/portals/pr-readings#key=');
    // Run again the same day: nothing more.
    expect(await sendPortalRequests(f.t.db, mailer, 'http://verdant.test', at('2026-11-01'))).toEqual({
      sent: 0,
    });
    // 8 November: three days before the due date.
    expect(await sendPortalRequests(f.t.db, mailer, 'http://verdant.test', at('2026-11-07'))).toEqual({
      sent: 1,
    });
    // 14 November: past the due date by more than three days.
    expect(await sendPortalRequests(f.t.db, mailer, 'http://verdant.test', at('2026-11-13'))).toEqual({
      sent: 1,
    });
    const mails = await smtp.waitFor(3);
    expect(mails.map((m) => m.subject)).toEqual([
      'Figures due for Caretaker readings: October 2026',
      'Reminder: figures due for Caretaker readings: October 2026',
      'Late: figures for Caretaker readings: October 2026',
    ]);
    expect((await f.t.db.select().from(portalMailings)).map((m) => m.kind).sort()).toEqual([
      'after',
      'before',
      'request',
    ]);
  });
});
