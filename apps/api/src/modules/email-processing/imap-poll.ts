import type { Db } from '@verdant/db/client';
import type { ImapFlow } from 'imapflow';
import type { Storage } from '../../lib/storage';
import type { IntakeAddress } from './intake.queries';
import { intakeAddressOf, storeReceived } from './intake-store';
import { EMAIL_ITEM_JOB } from './smtp-listener';

/** The mailbox polled for invoices (MAIL_IMAP_*; docs/decisions/email-intake.md, IMAP intake). */
export interface ImapSettings {
  host: string;
  port: number;
  /** TLS from the start (port 993); false: plain, upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
  /** The largest message stored (as the SMTP listener's SIZE). */
  maxBytes: number;
}

export interface PollDeps {
  db: Db;
  storage: Storage;
  clock: () => Date;
  send: (name: string, data: object) => Promise<void>;
  log: (line: string) => void;
}

export interface PollResult {
  /** Unseen messages found. */
  unseen: number;
  /** Stored (each as one message per intake address it names) and flagged seen. */
  stored: number;
  /** Flagged seen without being stored: no intake address among its recipients, or too large. */
  skipped: number;
  /** The messages stored (one per organisation a message named), for the poll's email batch. */
  messageIds: number[];
}

/** Messages read in one poll; the rest wait for the next (every minute). */
export const IMAP_POLL_LIMIT = 200;

/** The addresses a delivered message names, the delivery headers first (they hold the envelope recipient). */
function recipientsOf(headers: string, to: string[]): string[] {
  const found: string[] = [];
  for (const line of headers.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^(delivered-to|x-original-to|envelope-to):\s*(.+)$/i.exec(line);
    if (m?.[2]) found.push(...(m[2].match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []));
  }
  return [...new Set([...found, ...to].map((a) => a.toLowerCase()))];
}

/** The envelope sender as delivered (Return-Path), else empty (storeReceived then reads the From header). */
function senderOf(headers: string): string {
  const m = /^return-path:\s*<?([^\s<>]*)>?/im.exec(headers);
  return m?.[1] ?? '';
}

/**
 * One poll of the intake mailbox (docs/decisions/email-intake.md, IMAP intake): every unseen message is stored
 * exactly as the SMTP listener stores one (`storeReceived`: raw bytes and attachments under their SHA-256, one
 * transaction), and only then flagged \Seen. A process stopped between the two leaves the message unseen; the
 * next poll stores it again and the SHA-256 links the repeat to the first, so nothing is lost or processed twice.
 */
export async function pollImap(settings: ImapSettings, deps: PollDeps): Promise<PollResult> {
  // Loaded by the first poll (docs/decisions/tooling.md, Heavy libraries loaded on first use).
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    connectionTimeout: 30_000,
  });
  const result: PollResult = { unseen: 0, stored: 0, skipped: 0, messageIds: [] };
  client.on('error', (e: Error) => deps.log(`email intake (IMAP): ${e.message}`));
  await client.connect();
  try {
    const lock = await client.getMailboxLock(settings.mailbox);
    try {
      const uids = (await client.search({ seen: false }, { uid: true })) || [];
      result.unseen = uids.length;
      for (const uid of uids.slice(0, IMAP_POLL_LIMIT)) {
        const stored = await takeOne(client, uid, settings, deps);
        if (stored) {
          result.stored += 1;
          result.messageIds.push(...stored);
        } else result.skipped += 1;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return result;
}

async function takeOne(client: ImapFlow, uid: number, settings: ImapSettings, deps: PollDeps) {
  const seen = () => client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  const head = await client.fetchOne(
    String(uid),
    { uid: true, size: true, envelope: true, headers: true },
    { uid: true },
  );
  if (!head) return null;
  const headers = head.headers?.toString('utf8') ?? '';
  const named = [...(head.envelope?.to ?? []), ...(head.envelope?.cc ?? [])]
    .map((a) => a.address ?? '')
    .filter(Boolean);
  const to: IntakeAddress[] = [];
  for (const address of recipientsOf(headers, named)) {
    const found = await intakeAddressOf(deps.db, address);
    if (found && !to.some((a) => a.id === found.id)) to.push(found);
  }
  const subject = head.envelope?.subject ?? '';
  if (to.length === 0 || (head.size ?? 0) > settings.maxBytes) {
    // As SMTP refuses these before DATA: left in the mailbox, flagged seen so they are not read every minute.
    const why = to.length === 0 ? 'names no intake address' : `is over ${settings.maxBytes} bytes`;
    deps.log(`email intake (IMAP): message ${uid} '${subject.slice(0, 80)}' ${why}: left in the mailbox`);
    await seen();
    return null;
  }
  const full = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
  if (full === false || !full.source) return null;
  const received = await storeReceived(deps, full.source, { from: senderOf(headers), to });
  // Stored: only now is it marked seen (a stop before this leaves it unseen, and the next poll links it).
  await seen();
  for (const itemId of received.pendingItemIds) {
    await deps.send(EMAIL_ITEM_JOB, { itemId }).catch((e: unknown) => {
      deps.log(`email intake: item ${itemId} left for the sweep (${e instanceof Error ? e.message : e})`);
    });
  }
  return received.messageIds;
}

/** The IMAP settings from the configuration, or null while MAIL_IMAP_HOST is unset. */
export function imapSettingsOf(config: {
  MAIL_IMAP_HOST?: string;
  MAIL_IMAP_PORT?: number;
  MAIL_IMAP_SECURE: boolean;
  MAIL_IMAP_USER?: string;
  MAIL_IMAP_PASSWORD?: string;
  MAIL_IMAP_MAILBOX: string;
  MAIL_INTAKE_MAX_MB: number;
}): ImapSettings | null {
  if (!config.MAIL_IMAP_HOST) return null;
  return {
    host: config.MAIL_IMAP_HOST,
    port: config.MAIL_IMAP_PORT ?? (config.MAIL_IMAP_SECURE ? 993 : 143),
    secure: config.MAIL_IMAP_SECURE,
    user: config.MAIL_IMAP_USER ?? '',
    password: config.MAIL_IMAP_PASSWORD ?? '',
    mailbox: config.MAIL_IMAP_MAILBOX,
    maxBytes: config.MAIL_INTAKE_MAX_MB * 1024 * 1024,
  };
}
