import { freePort } from '@verdant/db/testing/free-port';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../lib/mail';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (and hands each mail to `onMail`, which the
 * browser journeys use to store mail where their workers can read it).
 */
export async function startSmtp(opts: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address ?? '') : []));
          const attachments = mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            size: a.size,
          }));
          const parsed = { to, subject: mail.subject ?? '', text: mail.text ?? '', attachments };
          received.push(parsed);
          opts.onMail?.(parsed);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until at least `count` messages have arrived. */
    async waitFor(count: number, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The product's mailer sending to a test SMTP server (and never to an outbox folder). */
export const smtpMailer = (smtp: { url: string }) =>
  createMailer({ smtpUrl: smtp.url, from: 'Verdant <no-reply@verdant.test>', outboxDir: '/nonexistent' });
