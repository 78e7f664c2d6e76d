import type { PortalReceipt } from '@verdant/contracts/portals/public';
import type { Db, Tx } from '@verdant/db/client';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { type PortalPeriod, periodLabel } from '@verdant/domain/portals/periods';
import type { ConsumptionWriter } from '../../lib/consumption-entry';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { newStorageKey, type Storage } from '../../lib/storage';
import { type CheckedAttachment, checkAttachment } from './portal-attachment';
import { receiptMail } from './portal-mail';
import { conflict, createPortalPage, type Figure, linkActor } from './portal-page';
import * as q from './portals.queries';

/**
 * The public page of a portal (core-portal.md `/portals/{url}`; docs/decisions/portals.md, "The public page"):
 * the link's key is the only credential; the page learns the portal's name, its open period and, per quantity,
 * its own last figure and expected range, and nothing else of the organisation. Figures land through the
 * Consumption tab's write path, with the link as their author.
 */
export function createPortalPublicService(deps: {
  db: Db;
  clock: () => Date;
  writer: ConsumptionWriter;
  storage: Storage;
  mailer: Mailer;
  log: (message: string) => void;
}) {
  const { db, clock, writer, storage, mailer } = deps;
  const page = createPortalPage({ db, clock });
  const { resolve, quantityFacts, outsideFields } = page;

  /** Stores the attachment's bytes once per data source and records it as a file of each, inside the write. */
  async function attach(
    tx: Tx,
    organisationId: number,
    meterId: number,
    file: CheckedAttachment,
    keys: string[],
  ) {
    const storageKey = newStorageKey('files');
    await storage.put(storageKey, file.bytes);
    keys.push(storageKey);
    return q.insertFile(tx, {
      organisationId,
      meterId,
      filename: file.filename,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      storageKey,
    });
  }

  async function sendReceipt(email: string | null, receipt: PortalReceipt['receipt']) {
    if (!email) return null;
    try {
      await mailer.send(receiptMail(email, receipt));
      return email;
    } catch (error) {
      deps.log(`portal receipt to ${email} not sent: ${(error as Error).message}`);
      return null;
    }
  }

  async function write<T>(work: (tx: Tx, keys: string[]) => Promise<T>) {
    const keys: string[] = [];
    try {
      return await db.transaction((tx) => work(tx, keys));
    } catch (error) {
      await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
      throw error;
    }
  }

  return {
    open: (url: string, key: string) => page.open(url, key),

    async submit(
      url: string,
      body: {
        key: string;
        figures: Figure[];
        email?: string;
        attachment?: { filename: string; data: string } | null;
        periodStart?: string;
      },
      requestId?: string,
    ): Promise<PortalReceipt> {
      const { portal, period } = await resolve(url, body.key);
      if (body.periodStart !== undefined && body.periodStart !== period.start)
        throw badRequest(body.periodStart < period.start ? PORTAL_MSG.periodClosed : PORTAL_MSG.periodFuture);
      const facts = await quantityFacts(portal, period);
      const ids = body.figures.map((f) => f.quantityId);
      if (new Set(ids).size !== ids.length) throw badRequest(PORTAL_MSG.alreadyEntered);
      for (const f of body.figures) {
        const fact = facts.find((x) => x.quantity.id === f.quantityId);
        if (!fact)
          throw badRequest(PORTAL_MSG.noQuantityOfPortal, {
            [String(f.quantityId)]: [PORTAL_MSG.noQuantityOfPortal],
          });
        if (fact.entry)
          throw conflict(PORTAL_MSG.alreadyEntered, { [String(f.quantityId)]: [PORTAL_MSG.alreadyEntered] });
      }
      outsideFields(body.figures, facts);
      const file = body.attachment ? await checkAttachment(body.attachment) : null;
      const email = body.email ? body.email : null;
      const reference = `R-${portal.id}-${Date.now().toString(36).toUpperCase()}`;
      const actor = linkActor(portal, requestId);
      await write(async (tx, keys) => {
        for (const f of body.figures) {
          const quantity = facts.find((x) => x.quantity.id === f.quantityId)?.quantity;
          if (!quantity) continue;
          const attachmentId = file
            ? await attach(tx, portal.organisationId, quantity.meterId, file, keys)
            : null;
          const recordId = await writer.add(tx, actor, portal.organisationId, quantity.meterId, {
            dateFrom: period.start,
            dateTill: period.end,
            units: f.value,
            attachmentId,
          });
          await q.insertEntry(tx, {
            organisationId: portal.organisationId,
            portalId: portal.id,
            quantityId: quantity.id,
            periodStart: period.start,
            periodEnd: period.end,
            value: String(f.value),
            consumptionRecordId: recordId,
            attachmentFileId: attachmentId,
            receipt: reference,
            contactEmail: email,
          });
        }
      });
      const receipt: PortalReceipt['receipt'] = {
        reference,
        receivedAt: clock().toISOString(),
        portal: portal.name,
        period: periodLabel(portal.period as PortalPeriod, period),
        figures: body.figures.map((f) => {
          const quantity = facts.find((x) => x.quantity.id === f.quantityId)?.quantity;
          return { quantity: quantity?.name ?? '', value: f.value, unit: quantity?.unit ?? null };
        }),
        attachment: file?.filename ?? null,
        emailedTo: null,
      };
      receipt.emailedTo = await sendReceipt(email, receipt);
      return { success: true, message: PORTAL_MSG.received, receipt };
    },

    async correct(
      url: string,
      entryId: number,
      body: {
        key: string;
        value: number;
        confirmed: boolean;
        attachment?: { filename: string; data: string } | null;
      },
      requestId?: string,
    ): Promise<PortalReceipt> {
      const { portal, period } = await resolve(url, body.key);
      const facts = await quantityFacts(portal, period);
      const file = body.attachment ? await checkAttachment(body.attachment) : null;
      const actor = linkActor(portal, requestId);
      const result = await write(async (tx, keys) => {
        const entry = await q.entryOf(tx, portal.organisationId, portal.id, entryId);
        const fact = entry && facts.find((x) => x.quantity.id === entry.quantityId);
        if (!entry || !fact) throw badRequest(PORTAL_MSG.noQuantityOfPortal);
        if (entry.status !== 'awaiting review' && entry.status !== 'sent back')
          throw conflict(PORTAL_MSG.entryReviewed);
        outsideFields(
          [{ quantityId: entry.quantityId, value: body.value, confirmed: body.confirmed }],
          facts,
        );
        const meterId = fact.quantity.meterId;
        const attachmentId = file
          ? await attach(tx, portal.organisationId, meterId, file, keys)
          : entry.attachmentFileId;
        const row = {
          dateFrom: entry.periodStart,
          dateTill: entry.periodEnd,
          units: body.value,
          attachmentId,
        };
        let recordId = entry.consumptionRecordId;
        if (recordId === null) recordId = await writer.add(tx, actor, portal.organisationId, meterId, row);
        else await writer.change(tx, actor, portal.organisationId, meterId, recordId, row);
        await q.updateEntry(tx, portal.organisationId, entry.id, {
          value: String(body.value),
          consumptionRecordId: recordId,
          attachmentFileId: attachmentId,
          status: 'awaiting review',
          reviewComment: null,
        });
        const names = await q.fileNames(tx, portal.organisationId, attachmentId ? [attachmentId] : []);
        return {
          entry,
          quantity: fact.quantity,
          attachment: attachmentId ? (names.get(attachmentId) ?? null) : null,
        };
      });
      const receipt: PortalReceipt['receipt'] = {
        reference: result.entry.receipt,
        receivedAt: clock().toISOString(),
        portal: portal.name,
        period: periodLabel(portal.period as PortalPeriod, {
          start: result.entry.periodStart,
          end: result.entry.periodEnd,
        }),
        figures: [{ quantity: result.quantity.name, value: body.value, unit: result.quantity.unit }],
        attachment: result.attachment,
        emailedTo: null,
      };
      receipt.emailedTo = await sendReceipt(result.entry.contactEmail, receipt);
      return { success: true, message: PORTAL_MSG.received, receipt };
    },
  };
}

export type PortalPublicService = ReturnType<typeof createPortalPublicService>;
