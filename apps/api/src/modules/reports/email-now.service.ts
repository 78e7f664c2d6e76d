import type { emailReportNow } from '@verdant/contracts/reports/email';
import type { Db } from '@verdant/db/client';
import { parseAddresses } from '@verdant/domain/reports/addresses';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import type { z } from 'zod';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { organisationOf } from './report-assets.queries';
import { definitionOf } from './report-catalogue.service';
import { deliveryOf, type LinkDelivery } from './report-delivery';
import type { ReportRunService } from './report-run.service';

/**
 * Email now (docs/decisions/reports.md, Email now): the addresses checked first (the first that is not an
 * address is named and nothing is sent), the report run as the sender sees it, and one mail with the file
 * attached sent through the product's mailer to every address. The sending is recorded in the audit log.
 */
export function createEmailNowService({
  db,
  runner,
  mailer,
  delivery,
  clock = () => new Date(),
}: {
  db: Db;
  runner: ReportRunService;
  mailer: Mailer;
  delivery?: LinkDelivery;
  clock?: () => Date;
}) {
  return {
    async send(a: Caller, body: z.output<typeof emailReportNow>) {
      const addresses = parseAddresses(body.address);
      if (!addresses.ok) throw badRequest(addresses.message, { address: [addresses.message] });
      const org = orgOf(a);
      const report = definitionOf(body.id);
      const file = await runner.render(a.principal, org, body);
      const organisation = (await organisationOf(db, org.id))?.name ?? '';
      const sent = await deliveryOf(file, clock(), org.timeZone, delivery);
      const subject = body.subject || `${report.name}: ${organisation}`;
      const note = body.htmlText.trim();
      await mailer.send({
        to: addresses.addresses.join(', '),
        subject,
        text: [
          note,
          `${report.name} for ${organisation} ${sent.words}`,
          file.empty ? REPORT_MSG.noData : '',
          `Fingerprint of its inputs: ${file.fingerprint}`,
        ]
          .filter(Boolean)
          .join('\n\n'),
        attachments: sent.attachments,
      });
      await db.transaction((tx) =>
        audit(tx, a, {
          organisationId: org.id,
          action: 'email',
          asset: { type: 'report', id: report.id, name: report.name },
          changes: { recipients: { before: null, after: addresses.addresses.join(', ') } },
        }),
      );
      return { success: true as const, message: REPORT_MSG.emailSent, recipients: addresses.addresses };
    },
  };
}

export type EmailNowService = ReturnType<typeof createEmailNowService>;
