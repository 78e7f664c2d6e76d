import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtp } from '../../../api/src/testing/smtp';

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  at: string;
}

/** A real SMTP server for the journeys; each message it receives is stored as JSON in `dir`. */
export async function startMailbox(dir: string, port: number) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return startSmtp({
    port,
    onMail(mail) {
      const stored: StoredMail = { ...mail, at: new Date().toISOString() };
      writeFileSync(path.join(dir, `${Date.now()}-${++n}.json`), JSON.stringify(stored));
    },
  });
}

/** Mails received so far, oldest first (the journeys read them from the folder the global setup names). */
export function readMailbox(dir = process.env.E2E_MAIL_DIR ?? ''): StoredMail[] {
  return readdirSync(dir)
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail);
}

/** Waits for a mail to `to` that arrived after `since` (ISO time), and answers it. */
export async function waitForMail(to: string, since: string, ms = 15_000): Promise<StoredMail> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const found = readMailbox().find((m) => m.at >= since && m.to.includes(to.toLowerCase()));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} arrived`);
}
