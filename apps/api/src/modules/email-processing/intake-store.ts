import { createHash } from 'node:crypto';
import type { Db } from '@verdant/db/client';
import { EMAIL_REASONS, type EmailReasonCode } from '@verdant/domain/email-processing/email-processing';
import { senderMatches } from '@verdant/domain/email-processing/template-read';
import type { Storage } from '../../lib/storage';
import {
  addLog,
  addressOf,
  firstWithBytes,
  type IntakeAddress,
  insertItem,
  insertMessage,
} from './intake.queries';

/** The largest attachment read (larger ones are kept in the raw message and rejected with a reason). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Content-addressed: the same bytes are kept once. */
export const mailKey = (sha256: string) => `mail/${sha256}`;

export interface Envelope {
  /** The envelope sender (MAIL FROM), else the From header. */
  from: string;
  /** Recipients already checked to be intake addresses. */
  to: IntakeAddress[];
}

export interface Received {
  messageIds: number[];
  /** Items to send to processing, once the transaction committed. */
  pendingItemIds: number[];
}

interface Part {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

async function partsOf(raw: Buffer): Promise<{ parts: Part[]; subject: string; from: string | null } | null> {
  try {
    // Loaded by the first message read (docs/decisions/tooling.md, Heavy libraries loaded on first use).
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(raw, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
    });
    const parts = mail.attachments
      .filter((a) => a.contentDisposition !== 'inline' || a.filename)
      .map((a, i) => ({
        filename: a.filename ?? `attachment-${i + 1}`,
        contentType: a.contentType || 'application/octet-stream',
        bytes: a.content,
      }));
    return { parts, subject: mail.subject ?? '', from: mail.from?.value[0]?.address ?? null };
  } catch {
    return null;
  }
}

/**
 * Keeps a received message whole before it is acknowledged (docs/decisions/email-intake.md, Receipt): the raw
 * bytes and every attachment are stored under their SHA-256, then one transaction records the message, its
 * items and the log lines of what was refused outright. Only when this returns does the listener answer 250;
 * if it throws, the sender's server keeps the message and tries again.
 */
export async function storeReceived(
  deps: { db: Db; storage: Storage; clock: () => Date },
  raw: Buffer,
  envelope: Envelope,
): Promise<Received> {
  const { db, storage } = deps;
  const sha256 = sha256Of(raw);
  const parsed = await partsOf(raw);
  await storage.put(mailKey(sha256), raw);
  const sender = (envelope.from || parsed?.from || '').toLowerCase();
  const kept = new Map<string, Part & { sha256: string }>();
  for (const part of parsed?.parts ?? []) {
    if (part.bytes.length > ATTACHMENT_MAX_BYTES) continue;
    const sha = sha256Of(part.bytes);
    if (!kept.has(sha)) await storage.put(mailKey(sha), part.bytes);
    kept.set(sha, { ...part, sha256: sha });
  }
  return db.transaction(async (tx) => {
    const out: Received = { messageIds: [], pendingItemIds: [] };
    for (const address of envelope.to) {
      const organisationId = address.organisationId;
      const first = await firstWithBytes(tx, organisationId, sha256);
      let refused: EmailReasonCode | null = null;
      if (!first) {
        if (!parsed) refused = 'malformed';
        else if (!senderMatches(sender, address.allowedSenders)) refused = 'sender-not-allowed';
        else if (parsed.parts.length === 0) refused = 'no-attachments';
      }
      const messageId = await insertMessage(tx, {
        organisationId,
        sender,
        recipient: address.address,
        actingUserId: address.actingUserId,
        subject: (parsed?.subject ?? '').slice(0, 500),
        sha256,
        sizeBytes: raw.length,
        storageKey: mailKey(sha256),
        duplicateOf: first?.id ?? null,
        rejectedReason: refused ? EMAIL_REASONS[refused] : null,
        receivedAt: deps.clock(),
        // Receipts: only to an allowed sender of a message read, never for a repeat (decisions, Receipts).
        receipt:
          address.sendReceipt === 'yes' && !first && (refused === null || refused === 'no-attachments')
            ? 'due'
            : null,
      });
      out.messageIds.push(messageId);
      const subject = parsed?.subject ? ` '${parsed.subject.slice(0, 120)}'` : '';
      if (first) {
        await addLog(tx, {
          organisationId,
          kind: 'rejected',
          messageId,
          at: deps.clock(),
          message: `Message${subject} from ${sender} is the same as the message received ${first.receivedAt} UTC: linked to it, not processed again`,
        });
        continue;
      }
      if (refused) {
        await addLog(tx, {
          organisationId,
          kind: 'rejected',
          messageId,
          at: deps.clock(),
          message: `Message${subject} from ${sender} rejected: ${EMAIL_REASONS[refused]}`,
        });
        continue;
      }
      let position = 0;
      for (const part of parsed?.parts ?? []) {
        position += 1;
        const tooLarge = part.bytes.length > ATTACHMENT_MAX_BYTES;
        const itemSha = sha256Of(part.bytes);
        const itemId = await insertItem(tx, {
          organisationId,
          messageId,
          position,
          filename: part.filename.slice(0, 200),
          contentType: part.contentType.slice(0, 200),
          sizeBytes: part.bytes.length,
          sha256: itemSha,
          storageKey: tooLarge ? null : mailKey(itemSha),
          state: tooLarge ? 'rejected' : 'pending',
          reasonCode: tooLarge ? 'too-large' : null,
          reason: tooLarge ? EMAIL_REASONS['too-large'] : null,
          stateAt: deps.clock(),
          createdAt: deps.clock(),
        });
        if (tooLarge) {
          await addLog(tx, {
            organisationId,
            kind: 'rejected',
            messageId,
            itemId,
            at: deps.clock(),
            message: `${part.filename} from ${sender} rejected: ${EMAIL_REASONS['too-large']} (${Math.round(ATTACHMENT_MAX_BYTES / 1048576)} MB)`,
          });
        } else out.pendingItemIds.push(itemId);
      }
    }
    return out;
  });
}

/** The intake addresses among a message's recipients. */
export async function intakeAddressOf(db: Db, recipient: string) {
  return addressOf(db, recipient);
}
