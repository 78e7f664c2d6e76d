import { createHash, timingSafeEqual } from 'node:crypto';
import type { PortalReceipt, PublicPortal } from '@verdant/contracts/portals/public';
import type { Db, Tx } from '@verdant/db/client';
import { expectedRange, isOutside } from '@verdant/domain/portals/expected';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import {
  dueDateOf,
  openPeriod,
  type Period,
  type PortalPeriod,
  periodLabel,
} from '@verdant/domain/portals/periods';
import { PORTAL_URL_MAX, PORTAL_URL_PATTERN } from '@verdant/domain/portals/url';
import type { AuditActor } from '../../lib/audit';
import type { ConsumptionWriter } from '../../lib/consumption-entry';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { loadOrganisationContext } from '../../lib/organisation-context';
import { newStorageKey, type Storage } from '../../lib/storage';
import { type CheckedAttachment, checkAttachment } from './portal-attachment';
import { receiptMail } from './portal-mail';
import * as q from './portals.queries';

const conflict = (message: string, fields?: Record<string, string[]>) =>
  new AppError('CONFLICT', message, 409, fields);

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Who entered a figure: the portal and its link (a fingerprint of the key, never the key). */
export const linkActor = (portal: q.PortalRow, requestId?: string): AuditActor => ({
  portalToken: `portal ${portal.id} link ${createHash('sha256').update(portal.linkKey).digest('hex').slice(0, 12)}`,
  requestId,
});

interface Figure {
  quantityId: number;
  value: number;
  confirmed: boolean;
}

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

  /** The portal the link opens, with its organisation's today; a refusal the honest holder understands. */
  async function resolve(url: string, key: string) {
    if (url.length > PORTAL_URL_MAX) throw badRequest(PORTAL_MSG.urlLength);
    if (!PORTAL_URL_PATTERN.test(url)) throw badRequest(PORTAL_MSG.urlCharacters);
    const portal = await q.portalAtUrl(db, url);
    if (!portal || !sameKey(portal.linkKey, key) || portal.linkRevokedAt !== null)
      throw forbidden(PORTAL_MSG.linkNotValid);
    const org = await loadOrganisationContext(db, portal.organisationId, clock());
    if (portal.linkExpiresOn !== null && portal.linkExpiresOn < org.today)
      throw forbidden(PORTAL_MSG.linkExpired);
    const period = openPeriod(portal.period as PortalPeriod, org.today);
    return { portal, org, period };
  }

  async function quantityFacts(portal: q.PortalRow, period: Period) {
    const quantities = await q.quantities(db, portal.organisationId, portal.id);
    const entries = (await q.entries(db, portal.organisationId, portal.id)).filter(
      (e) => e.periodStart === period.start,
    );
    return Promise.all(
      quantities.map(async (x) => {
        const history = await q.history(db, portal.organisationId, x.meterId, period.start);
        const last = history.at(-1);
        return {
          quantity: x,
          last: last ? { value: last.value, date: last.dateTill } : null,
          expected: expectedRange(history.map((h) => h.value)),
          entry: entries.find((e) => e.quantityId === x.id) ?? null,
        };
      }),
    );
  }

  function outsideFields(figures: Figure[], facts: Awaited<ReturnType<typeof quantityFacts>>) {
    const fields: Record<string, string[]> = {};
    for (const f of figures) {
      const fact = facts.find((x) => x.quantity.id === f.quantityId);
      if (fact && !f.confirmed && isOutside(f.value, fact.expected))
        fields[String(f.quantityId)] = [PORTAL_MSG.outsideRange];
    }
    if (Object.keys(fields).length > 0) throw conflict(PORTAL_MSG.outsideRange, fields);
  }

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
    async open(url: string, key: string): Promise<PublicPortal> {
      const { portal, period } = await resolve(url, key);
      const facts = await quantityFacts(portal, period);
      const names = await q.fileNames(
        db,
        portal.organisationId,
        facts.flatMap((f) => (f.entry?.attachmentFileId ? [f.entry.attachmentFileId] : [])),
      );
      const kind = portal.period as PortalPeriod;
      return {
        name: portal.name,
        period: kind,
        periodLabel: periodLabel(kind, period),
        periodStart: period.start,
        periodEnd: period.end,
        due: dueDateOf(period, portal.dueDays),
        quantities: facts.map((f) => ({
          id: f.quantity.id,
          name: f.quantity.name,
          unit: f.quantity.unit,
          last: f.last,
          expected: f.expected,
          entry: f.entry && {
            id: f.entry.id,
            value: Number(f.entry.value),
            status: f.entry.status,
            comment: f.entry.status === 'sent back' ? f.entry.reviewComment : null,
            attachment: f.entry.attachmentFileId ? (names.get(f.entry.attachmentFileId) ?? null) : null,
            mayCorrect: f.entry.status === 'awaiting review' || f.entry.status === 'sent back',
          },
        })),
      };
    },

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
