import type { AlertsReport } from '@verdant/contracts/data-sources/list';
import type { Db } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { audit } from '../../lib/audit';
import type { Mailer } from '../../lib/mail';
import type { Caller } from '../../plugins/auth';
import * as q from './data-sources.queries';

const addresses = (text: string | null) =>
  (text ?? '')
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter((s) => s.includes('@'));

/**
 * Send alerts now (spec 2.1, 6): every alert scheduled for sending goes by email, one message per
 * organisation and set of recipients (a meter's alert recipient, else the organisation's administrators and
 * primary contacts), and is marked sent. A dry run answers the same summary and sends nothing.
 */
export function createAlertsReportService({
  db,
  mailer,
  publicUrl,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}) {
  return {
    async run(a: Caller, dryRun: boolean): Promise<AlertsReport> {
      return db.transaction(async (tx) => {
        const alerts = await q.scheduledAlerts(tx, !dryRun);
        const organisationIds = [...new Set(alerts.map((x) => x.organisation_id))];
        const contacts = await q.alertContacts(tx, organisationIds);
        const emails = new Map<
          string,
          { organisationId: number; organisation: string; to: string[]; list: q.ScheduledAlert[] }
        >();
        for (const alert of alerts) {
          const own = addresses(alert.alert_recipient);
          const to =
            own.length > 0
              ? own
              : contacts.filter((c) => c.organisation_id === alert.organisation_id).map((c) => c.email);
          if (to.length === 0) continue;
          const key = `${alert.organisation_id}|${[...to].sort().join(',')}`;
          const email = emails.get(key) ?? {
            organisationId: alert.organisation_id,
            organisation: alert.organisation,
            to,
            list: [],
          };
          email.list.push(alert);
          emails.set(key, email);
        }
        const summary = [...emails.values()].map((e) => ({
          organisation: e.organisation,
          recipients: e.to,
          alerts: e.list.length,
          meters: new Set(e.list.map((x) => x.meter_id)).size,
        }));
        const count = summary.reduce((n, e) => n + e.alerts, 0);
        if (!dryRun) {
          for (const e of emails.values()) {
            await mailer.send({
              to: e.to.join(', '),
              subject: `${e.organisation}: ${e.list.length} data source alert${e.list.length === 1 ? '' : 's'}`,
              text: [
                `Alerts for ${e.organisation}:`,
                '',
                ...e.list.map(
                  (x) =>
                    `${x.date}  ${x.site} / ${x.meter}: ${x.message}${x.comment ? ` (${x.comment})` : ''}\n    ${publicUrl}/data-sources/${x.meter_id}`,
                ),
              ].join('\n'),
            });
            await q.markSent(
              tx,
              e.list.map((x) => x.id),
            );
            await audit(tx, a, {
              organisationId: e.organisationId,
              action: 'send alerts',
              asset: { type: 'organisation', id: e.organisationId, name: e.organisation },
              changes: {
                alerts: { before: e.list.length, after: 'sent' },
                recipients: { before: null, after: e.to },
              },
            });
          }
        }
        const values = { alerts: count, emails: summary.length };
        return {
          dryRun,
          alerts: count,
          emails: summary,
          message: fill(dryRun ? MSG.alertsReportDryRun : MSG.alertsReportSent, values),
        };
      });
    },
  };
}

export type AlertsReportService = ReturnType<typeof createAlertsReportService>;
