import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* Email now: through the product's mailer to a real SMTP server, the report attached. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z'), mailer: smtpMailer(smtp) });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Mail Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const power = await createDataType(db, { name: 'Electricity' });
  const site = await createSite(db, org.id, { name: 'Depot' });
  const meter = await createMeter(db, site, {
    localName: 'Depot supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  await createInvoice(db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await recomputeFacts(db, [meter.id], '2026-11-21');
  ids.site = site.id;
  await createMember(db, org.id, { loginId: 'm.editor', accessId: 3 });
  await createMember(db, org.id, { loginId: 'm.observer', accessId: 4 });
  await createMember(db, other.id, { loginId: 'm.outsider', accessId: 2, admin: true });
  for (const k of ['m.editor', 'm.observer', 'm.outsider']) tokens[k] = await t.login(k);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const email = (who: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/email/now',
    headers: bearer(tokens[who] ?? ''),
    payload: {
      id: 1,
      output: 'pdf',
      asset: { type: 'site', id: ids.site },
      start: '2026-10-01',
      address: 'ana@example.nz; ben@example.nz,ana@example.nz',
      ...payload,
    },
  });

describe('email now', () => {
  it('sends one mail with the PDF attached to every address, once each', async () => {
    const res = await email('m.editor', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Report emailed',
      recipients: ['ana@example.nz', 'ben@example.nz'],
    });
    const [mail] = (await smtp.waitFor(1)) as ReceivedMail[];
    expect(mail?.to).toEqual(['ana@example.nz', 'ben@example.nz']);
    expect(mail?.subject).toBe('Monthly energy and carbon summary: Mail Org');
    expect(mail?.text).toContain('monthly-energy-and-carbon-summary-2026-10.pdf');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: 'monthly-energy-and-carbon-summary-2026-10.pdf',
        contentType: 'application/pdf',
      }),
    ]);
    expect(mail?.attachments[0]?.size).toBeGreaterThan(10_000);
  });

  it('names the one bad address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await email('m.editor', { address: 'ok@example.nz, nope@, x@y.nz' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("'nope@' does not look like a valid email address");
    expect(smtp.received.length).toBe(before);
  });

  it("refuses an observer, and another organisation's administrator learns nothing", async () => {
    const before = smtp.received.length;
    expect((await email('m.observer', {})).statusCode).toBe(403);
    const ours = await email('m.outsider', {});
    const none = await email('m.outsider', { asset: { type: 'site', id: 2_000_000 } });
    expect(ours.statusCode).toBe(404);
    expect(ours.json().message).toBe(none.json().message);
    expect(smtp.received.length).toBe(before);
  });
});
