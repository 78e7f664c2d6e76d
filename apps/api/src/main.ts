import path from 'node:path';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { connect } from '@verdant/db/client';
import { type EmbeddedServer, ensureDatabase, startEmbedded } from '@verdant/db/embedded';
import { runMigrations } from '@verdant/db/migrate';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { DEMO_PASSWORD, ensureProductAdmin, seedDemoOnce, setAdminPassword } from '@verdant/db/seed';
import { todayIn } from '@verdant/domain/time-zone';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { type JobRunner, startJobRunner } from './jobs/runner';
import { createDirectLinks } from './lib/direct-links';
import { closeGracefully } from './lib/graceful-stop';
import { createMailer } from './lib/mail';
import { createLocalStorage } from './lib/storage';
import { imapSettingsOf } from './modules/email-processing/imap-poll';
import { startConfiguredIntake } from './modules/email-processing/smtp-listener';
import { evaluateOrganisation } from './modules/invoices/invoice-alerts.service';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = path.join(config.dataDir, 'pg');
    say(`Starting the embedded PostgreSQL server (data in ${dir}) ...`);
    embedded = await startEmbedded({
      dir,
      port: config.EMBEDDED_PG_PORT,
      passwordFile: path.join(config.dataDir, 'pg-password'),
      log: (l) => /FATAL|orphaned|stale|password/.test(l) && say(l),
    });
    await ensureDatabase(embedded.url(), 'verdant');
    url = embedded.url('verdant');
  }
  const database = connect(url, config.DATABASE_POOL_SIZE);
  let app: App | undefined;
  let stopping = false;
  let jobs: JobRunner | undefined;
  let intake: Awaited<ReturnType<typeof startConfiguredIntake>> = null;
  const stop = async (signal: string) => {
    // A second Ctrl-C cuts the wait for in-flight requests short.
    if (stopping) return app?.server.closeAllConnections();
    stopping = true;
    say(`\n${signal}: stopping ...`);
    // Stop accepting, let in-flight requests finish, then the jobs, the pool, and PostgreSQL last.
    if (app) await closeGracefully(app, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).catch(() => {});
    await intake?.close().catch(() => {});
    await jobs?.stop().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  say('Applying migrations ...');
  await runMigrations(database.pool);
  if ((await seedCatalogue(database.db)).seeded)
    say('Loaded the catalogue of data types, units and emission factors.');
  await seedReferenceData(database.db);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoOnce(database.db, {
      adminPassword: config.ADMIN_PASSWORD,
      storage: createLocalStorage(path.join(config.dataDir, 'files')),
    });
    if (seeded.seeded) say('Loaded the demo organisations and accounts.');
    if (seeded.demoOrganisationId) {
      // The bill audit of the demo's invoices, so its invoice alerts are the audits' own findings.
      const n = await evaluateOrganisation(
        database.db,
        seeded.demoOrganisationId,
        todayIn('Pacific/Auckland'),
      );
      say(`Audited the demo's invoices: ${n.alerts} alerts to review.`);
    }
    if (seeded.adminPasswordGenerated) {
      say(
        `Product administrator: login 'admin', password '${seeded.adminPassword}' (shown once; set ADMIN_PASSWORD to choose it).`,
      );
    }
  }
  if (config.ADMIN_PASSWORD) await setAdminPassword(database.db, config.ADMIN_PASSWORD);
  else if (!config.SEED_DEMO) {
    // Without the demo someone must still be able to sign in: the product administrator, made once.
    const made = await ensureProductAdmin(database.db);
    if (made)
      say(
        `Product administrator: login 'admin', password '${made.password}' (shown once; set ADMIN_PASSWORD to choose it).`,
      );
  }

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  // Background jobs (pg-boss): worked here unless JOBS_IN_PROCESS=false (then by `npm run worker`).
  jobs = await startJobRunner({
    pool: database.pool,
    db: database.db,
    work: config.JOBS_IN_PROCESS,
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    mailer,
    publicUrl: config.publicUrl,
    links: createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET }),
    reportLinkBytes: config.REPORT_LINK_BYTES,
    recomputeFollowAt: config.RECOMPUTE_FOLLOW_METERS,
    imap: imapSettingsOf(config),
    log: say,
  });
  if (config.JOBS_IN_PROCESS) {
    const runner = jobs;
    intake = await startConfiguredIntake(config, {
      db: database.db,
      storage: createLocalStorage(path.join(config.dataDir, 'files')),
      send: (name, data) => runner.send(name, data),
      log: say,
    });
  }
  app = await buildApp({ config, db: database.db, mailer, jobQueue: jobs });
  await app.listen({ port: config.PORT, host: config.HOST });
  say('');
  say(`Verdant is running at ${config.publicUrl}`);
  say(
    config.SEED_DEMO
      ? `Sign in as 'demo' with password '${DEMO_PASSWORD}' (or use the free test drive link).`
      : "Sign in as 'admin', the product administrator; Switch Organisation adds organisations.",
  );
  say(`API documentation: ${config.publicUrl}/api/docs`);
  if (!config.SMTP_URL)
    say(`Mail is written to ${path.join(config.dataDir, 'outbox')} (set SMTP_URL to send it).`);
}

main().catch((err) => {
  process.stderr.write(
    `Verdant could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
