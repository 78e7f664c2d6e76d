import type { EntryReview, PortalEntry } from '@verdant/contracts/portals/review';
import type { Db } from '@verdant/db/client';
import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { dueDateOf, type PortalPeriod, periodLabel } from '@verdant/domain/portals/periods';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { receivedOn } from './portal-list.service';
import { portalLinkOf, sentBackMail } from './portal-mail';
import * as q from './portals.queries';

const conflict = (message: string) => new AppError('CONFLICT', message, 409);

/**
 * Review of portal entries (docs/decisions/portals.md, "Review"): an editor accepts an entry or sends it back
 * with a comment (its contact is told); a portal may require a second approval, which must come from another
 * person than the reviewer (entries come through a link, so no user entered them).
 */
export function createPortalReviewService({
  db,
  mailer,
  publicUrl,
  log,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: (message: string) => void;
}) {
  async function entriesOf(organisationId: number, timeZone: string, portal: q.PortalRow, only?: number) {
    const quantities = await q.quantities(db, organisationId, portal.id);
    const rows = (await q.entries(db, organisationId, portal.id)).filter(
      (e) => only === undefined || e.id === only,
    );
    const files = await q.fileNames(
      db,
      organisationId,
      rows.flatMap((e) => (e.attachmentFileId ? [e.attachmentFileId] : [])),
    );
    const users = await q.userNames(
      db,
      rows.flatMap((e) => [e.reviewedBy, e.approvedBy]).filter((id): id is number => id !== null),
    );
    return rows.map((e): PortalEntry => {
      const quantity = quantities.find((x) => x.id === e.quantityId);
      const filename = e.attachmentFileId ? files.get(e.attachmentFileId) : undefined;
      return {
        id: e.id,
        quantityId: e.quantityId,
        quantity: quantity?.name ?? '',
        meterId: quantity?.meterId ?? 0,
        unit: quantity?.unit ?? null,
        periodStart: e.periodStart,
        periodEnd: e.periodEnd,
        value: Number(e.value),
        status: e.status,
        receipt: e.receipt,
        contactEmail: e.contactEmail,
        receivedAt: e.createdAt.toISOString(),
        late: receivedOn(e, timeZone) > dueDateOf({ start: e.periodStart, end: e.periodEnd }, portal.dueDays),
        attachment: e.attachmentFileId && filename ? { id: e.attachmentFileId, filename } : null,
        comment: e.reviewComment,
        reviewedBy: e.reviewedBy ? (users.get(e.reviewedBy) ?? null) : null,
        approvedBy: e.approvedBy ? (users.get(e.approvedBy) ?? null) : null,
      };
    });
  }

  async function owned(organisationId: number, portalId: number) {
    const [portal] = await q.portals(db, organisationId, portalId);
    if (!portal) throw notFound();
    return portal;
  }

  return {
    async entries(a: Caller, portalId: number) {
      const org = orgOf(a);
      const portal = await owned(org.id, portalId);
      return {
        entries: await entriesOf(org.id, org.timeZone, portal),
        secondApproval: portal.secondApproval,
      };
    },

    async review(a: Caller, portalId: number, entryId: number, body: EntryReview) {
      const org = orgOf(a);
      const portal = await owned(org.id, portalId);
      const comment = (body.comment ?? '').trim();
      const { entry, message } = await db.transaction(async (tx) => {
        const entry = await q.entryOf(tx, org.id, portalId, entryId);
        if (!entry) throw notFound();
        const now = new Date();
        let values: Partial<q.EntryRow>;
        let message: string;
        if (body.decision === 'approve') {
          if (entry.status !== 'reviewed') throw conflict(PORTAL_MSG.reviewNotAwaitingApproval);
          if (entry.reviewedBy === a.user.id) throw conflict(PORTAL_MSG.approverSame);
          values = { status: 'approved', approvedBy: a.user.id, approvedAt: now };
          message = PORTAL_MSG.reviewApproved;
        } else {
          if (entry.status !== 'awaiting review') throw conflict(PORTAL_MSG.reviewNotAwaiting);
          const accepted = body.decision === 'accept';
          values = {
            status: accepted ? (portal.secondApproval ? 'reviewed' : 'approved') : 'sent back',
            reviewedBy: a.user.id,
            reviewedAt: now,
            reviewComment: accepted ? comment || null : comment,
          };
          message = accepted ? PORTAL_MSG.reviewAccepted : PORTAL_MSG.reviewSentBack;
        }
        await q.updateEntry(tx, org.id, entry.id, values);
        await audit(tx, a, {
          organisationId: org.id,
          action: body.decision,
          asset: { type: 'portal', id: portal.id, name: portal.name },
          changes: {
            [`entry ${entry.id}`]: { before: entry.status, after: values.status ?? entry.status },
            ...(comment ? { comment: { before: null, after: comment } } : {}),
          },
        });
        return { entry, message };
      });
      const [saved] = await entriesOf(org.id, org.timeZone, portal, entry.id);
      if (!saved) throw notFound();
      if (body.decision === 'send back' && entry.contactEmail) {
        const mail = sentBackMail(entry.contactEmail, {
          portal: portal.name,
          quantity: saved.quantity,
          period: periodLabel(portal.period as PortalPeriod, {
            start: entry.periodStart,
            end: entry.periodEnd,
          }),
          value: saved.value,
          comment,
          link: portalLinkOf(publicUrl, portal.url, portal.linkKey),
        });
        await mailer
          .send(mail)
          .catch((error: Error) => log(`portal sent-back mail not sent: ${error.message}`));
      }
      return { success: true as const, message: fill(message, {}), entry: saved };
    },
  };
}

export type PortalReviewService = ReturnType<typeof createPortalReviewService>;
