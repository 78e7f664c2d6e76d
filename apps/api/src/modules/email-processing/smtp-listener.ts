import type { Db } from '@verdant/db/client';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { keepSmtpBatches } from '../../jobs/email/email-batch';
import type { Storage } from '../../lib/storage';
import type { IntakeAddress } from './intake.queries';
import { intakeAddressOf, storeReceived } from './intake-store';

/** The job that processes one item (jobs/email-item.job.ts). */
export const EMAIL_ITEM_JOB = 'email.process-item';

export interface ListenerOptions {
  db: Db;
  storage: Storage;
  clock?: () => Date;
  port: number;
  host?: string;
  /** The largest message accepted (the SIZE extension; larger ones are refused at DATA with 552). */
  maxBytes: number;
  /** Sends an item to processing; a failure leaves it pending for the sweep. */
  send: (name: string, data: object) => Promise<void>;
  log?: (line: string) => void;
}

type Session = { envelope: { mailFrom: { address: string } | false }; intake?: IntakeAddress[] };

function readAll(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', reject);
    stream.on('end', () => resolve(stream.sizeExceeded ? null : Buffer.concat(chunks)));
  });
}

/**
 * The inbound SMTP listener (docs/decisions/email-intake.md, Receipt): recipients must be intake addresses
 * (others get 550 at RCPT), a message is answered 250 only once it is stored whole, and a failure to store it
 * answers 451 so the sender's server tries again later. Plain SMTP without authentication: it sits behind the
 * organisation's own mail relay.
 */
export async function startSmtpListener(o: ListenerOptions) {
  const clock = o.clock ?? (() => new Date());
  const log = o.log ?? (() => {});
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: o.maxBytes,
    banner: 'Verdant invoice intake',
    logger: false,
    onRcptTo(address, session, callback) {
      intakeAddressOf(o.db, address.address)
        .then((found) => {
          if (!found) {
            const err = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
            return callback(err);
          }
          const s = session as unknown as Session;
          s.intake = [...(s.intake ?? []).filter((a) => a.id !== found.id), found];
          callback();
        })
        .catch(() => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
    },
    onData(stream, session, callback) {
      const s = session as unknown as Session;
      readAll(stream)
        .then(async (raw) => {
          if (!raw) {
            return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          }
          const from = s.envelope.mailFrom ? s.envelope.mailFrom.address : '';
          const received = await storeReceived({ db: o.db, storage: o.storage, clock }, raw, {
            from,
            to: s.intake ?? [],
          });
          // Its email batch in the jobs centre, at once (docs/decisions/job-runner.md, Email batches); should this
          // fail, the message is stored all the same and the sweep keeps a batch when it sends the items on.
          await keepSmtpBatches(o.db, EMAIL_ITEM_JOB, received.messageIds).catch((e: unknown) => {
            log(`email intake: no batch kept (${e instanceof Error ? e.message : e})`);
          });
          callback(null, `Stored as message ${received.messageIds.join(', ')}`);
          for (const itemId of received.pendingItemIds) {
            await o.send(EMAIL_ITEM_JOB, { itemId }).catch((e: unknown) => {
              log(`email intake: item ${itemId} left for the sweep (${e instanceof Error ? e.message : e})`);
            });
          }
        })
        .catch((e: unknown) => {
          log(`email intake: could not store a message (${e instanceof Error ? e.message : e})`);
          callback(
            Object.assign(new Error('Could not store the message, try again later'), { responseCode: 451 }),
          );
        });
    },
  });
  server.on('error', (e) => log(`email intake: ${e.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : o.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts the listener when MAIL_INTAKE_PORT is set (docs/decisions/email-intake.md, Receipt),
 * else null.
 */
export async function startConfiguredIntake(
  config: { MAIL_INTAKE_PORT?: number; MAIL_INTAKE_HOST: string; MAIL_INTAKE_MAX_MB: number },
  deps: Pick<ListenerOptions, 'db' | 'storage' | 'send' | 'log'>,
) {
  if (!config.MAIL_INTAKE_PORT) return null;
  const listener = await startSmtpListener({
    ...deps,
    port: config.MAIL_INTAKE_PORT,
    host: config.MAIL_INTAKE_HOST,
    maxBytes: config.MAIL_INTAKE_MAX_MB * 1024 * 1024,
  });
  deps.log?.(`Invoices by email: listening for SMTP on port ${listener.port}.`);
  return listener;
}
