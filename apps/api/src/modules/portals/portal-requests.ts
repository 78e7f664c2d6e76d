import type { Db } from '@verdant/db/client';
import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import {
  addDays,
  dueDateOf,
  openPeriod,
  type PortalPeriod,
  periodLabel,
} from '@verdant/domain/portals/periods';
import { sql } from 'drizzle-orm';
import type { Mailer } from '../../lib/mail';
import { loadOrganisationContext } from '../../lib/organisation-context';
import { portalLinkOf } from './portal-mail';
import * as q from './portals.queries';

type Kind = 'request' | 'before' | 'after';

/**
 * Requests and reminders (docs/decisions/portals.md, "Requests and reminders"): once a period has ended, each
 * contact of a portal is mailed once with the link and the quantities due; while figures are missing, once
 * more some days before the due date and once some days after it. Each mail is recorded before it is sent
 * (one row per contact, period and kind), so a run repeated or run by two workers mails once.
 */
export async function sendPortalRequests(db: Db, mailer: Mailer, publicUrl: string, now: Date) {
  const rows = await db.execute<{ id: number; organisation_id: number }>(
    sql`select id, organisation_id from data_entry_portals where link_revoked_at is null order by id`,
  );
  let sent = 0;
  for (const row of rows.rows) {
    const org = await loadOrganisationContext(db, row.organisation_id, now);
    const [portal] = await q.portals(db, org.id, row.id);
    if (!portal || (portal.linkExpiresOn !== null && portal.linkExpiresOn < org.today)) continue;
    const kind = portal.period as PortalPeriod;
    const period = openPeriod(kind, org.today);
    const due = dueDateOf(period, portal.dueDays);
    const quantities = await q.quantities(db, org.id, portal.id);
    const entered = new Set(
      (await q.entries(db, org.id, portal.id))
        .filter((e) => e.periodStart === period.start)
        .map((e) => e.quantityId),
    );
    const missing = quantities.filter((x) => !entered.has(x.id));
    if (missing.length === 0) continue;
    const kinds: Kind[] = ['request'];
    if (org.today >= addDays(due, -portal.remindBeforeDays) && org.today <= due) kinds.push('before');
    if (org.today >= addDays(due, portal.remindAfterDays)) kinds.push('after');
    const contacts = (await q.contacts(db, org.id)).filter((c) => c.portalId === portal.id);
    const label = periodLabel(kind, period);
    for (const contact of contacts) {
      for (const k of kinds) {
        const claimed = await db.execute(sql`insert into portal_mailings
          (organisation_id, portal_id, email, period_start, kind)
          values (${org.id}, ${portal.id}, ${contact.email}, ${period.start}, ${k})
          on conflict do nothing returning 1`);
        if (claimed.rows.length === 0) continue;
        const subject =
          k === 'request'
            ? PORTAL_MSG.requestSubject
            : k === 'before'
              ? PORTAL_MSG.reminderSubject
              : PORTAL_MSG.lateSubject;
        try {
          await mailer.send({
            to: contact.email,
            subject: fill(subject, { portal: portal.name, period: label }),
            text: [
              `Figures for ${label} are due by ${due}:`,
              ...missing.map((x) => `  ${x.name}${x.unit ? ` (${x.unit})` : ''}`),
              '',
              `Enter them here: ${portalLinkOf(publicUrl, portal.url, portal.linkKey)}`,
            ].join('\n'),
          });
          sent += 1;
        } catch (error) {
          // Not sent: the claim goes, so the next run tries again.
          await db.execute(sql`delete from portal_mailings where portal_id = ${portal.id}
            and email = ${contact.email} and period_start = ${period.start} and kind = ${k}`);
          throw error;
        }
      }
    }
  }
  return { sent };
}
