// `npm run worker`: works the background jobs (pg-boss) in a process of its own, beside API processes
// started with JOBS_IN_PROCESS=false. It needs DATABASE_URL, or the embedded server of a running `npm start`.
import path from 'node:path';
import { loadConfig } from './config';
import { startJobRunner } from './jobs/runner';
import { createDirectLinks } from './lib/direct-links';
import { createMailer } from './lib/mail';
import { createLocalStorage } from './lib/storage';
import { imapSettingsOf } from './modules/email-processing/imap-poll';
import { startConfiguredIntake } from './modules/email-processing/smtp-listener';
import { openCommandDatabase } from './scripts/database';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function worker() {
  const config = loadConfig();
  const database = await openCommandDatabase(config, { startIfStopped: false });
  if (!database) {
    throw new Error(
      'No database: set DATABASE_URL, or start the API (npm start) first so its embedded PostgreSQL runs.',
    );
  }
  const jobs = await startJobRunner({
    pool: database.pool,
    db: database.db,
    work: true,
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
    publicUrl: config.publicUrl,
    links: createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET }),
    reportLinkBytes: config.REPORT_LINK_BYTES,
    recomputeFollowAt: config.RECOMPUTE_FOLLOW_METERS,
    imap: imapSettingsOf(config),
    log: say,
  });
  const intake = await startConfiguredIntake(config, {
    db: database.db,
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    send: (name, data) => jobs.send(name, data),
    log: say,
  });
  say('Verdant job worker is running (Ctrl-C stops it).');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping the worker ...`);
    await intake?.close().catch(() => {});
    await jobs.stop().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

worker().catch((err) => {
  process.stderr.write(
    `The Verdant worker could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
