import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDemoTestDatabase } from '@verdant/db/testing/demo-database';
import { callOf, duringCall, logCallStatements } from '@verdant/db/testing/statement-log';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { emailSweepJob } from '../jobs/email-item.job';
import { recomputePendingJob } from '../jobs/recompute-pending.job';
import { JOB_SCHEMA, type JobRunner, startJobRunner } from '../jobs/runner';
import { type Background, createBackground } from '../lib/background';
import { createDirectLinks } from '../lib/direct-links';
import { createMailer, type Mailer } from '../lib/mail';
import { createLocalStorage } from '../lib/storage';
import { until } from './until';

export interface TestApp {
  app: App;
  db: TestDatabase['db'];
  database: TestDatabase;
  config: Config;
  /** The job runner, when asked for with `jobs: true`. */
  jobs?: JobRunner;
  /** The work the app does after an answer (a reset mail, a lockout notice): `await background.idle()` waits
   * for it, so a test that expects no mail waits on that event rather than on a fixed sleep. */
  background: Background;
  close(): Promise<void>;
  /** Signs in and answers the bearer token. */
  login(username: string, password?: string): Promise<string>;
}

/** The real application on a fresh database; env overrides configuration as environment variables would. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    mailer?: Mailer;
    clock?: () => Date;
    jobs?: boolean;
    oidcFetch?: typeof fetch;
    /** The demo loaded as `TEST_DEMO` says, from the test process's template (testing/demo-database.ts). */
    demo?: boolean;
  } = {},
): Promise<TestApp> {
  const database = opts.demo ? await createDemoTestDatabase() : await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdant-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://verdant.test',
    // Tests set up organisations and memberships straight in the database and expect the next call to see
    // them; the session cache (heard asynchronously) is tried in its own tests, which turn it on.
    SESSION_CACHE_SECONDS: '0',
    ...opts.env,
  });
  const mailer =
    opts.mailer ?? createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') });
  const jobs = opts.jobs
    ? await startJobRunner({
        pool: database.pool,
        db: database.db,
        work: true,
        clock: opts.clock,
        storage: createLocalStorage(path.join(config.dataDir, 'files')),
        mailer,
        publicUrl: config.publicUrl,
        links: createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET }),
        reportLinkBytes: config.REPORT_LINK_BYTES,
        pollingIntervalSeconds: 0.5,
      })
    : undefined;
  if (jobs) await startJobsDone(database.db);
  const background = createBackground();
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    logger: false,
    clock: opts.clock,
    jobQueue: jobs,
    oidcFetch: opts.oidcFetch,
    background,
  });
  await app.ready();
  // Every statement a call sends is logged for the shard-readiness check (docs/scaling.md, Shard readiness).
  logCallStatements();
  const answer = app.inject.bind(app) as (options?: unknown) => unknown;
  app.inject = ((options?: unknown) => {
    if (options === undefined) return answer();
    const { method = 'GET', url = '' } =
      typeof options === 'string' ? { url: options } : (options as { method?: string; url?: string });
    // light-my-request starts the request when its answer is awaited: start it inside the call.
    return duringCall(callOf(method, String(url)), () =>
      (answer(options) as Promise<unknown>).then((r) => r),
    );
  }) as typeof app.inject;
  return {
    app,
    db: database.db,
    database,
    config,
    jobs,
    background,
    async close() {
      // A handler still running when the pool closes would fail its completion (an unhandled rejection that
      // fails the run): on a busy machine a handler can take longer than a graceful stop's usual 10 s.
      await jobs?.stop({ timeout: 90_000 });
      await app.close();
      await database.close();
    },
    async login(username, password = 'Verdant-test-1') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.body}`);
      return res.json().data.token as string;
    },
  };
}

/**
 * Waits until the jobs a runner sends itself as it starts (pending recomputes, a sweep of emailed items) have run:
 * run late on a busy machine, the sweep took a message a test had just received and meant to process itself.
 */
async function startJobsDone(db: TestDatabase['db']) {
  const left = async () =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job
          where name in (${emailSweepJob.name}, ${recomputePendingJob.name})
            and state in ('created', 'retry', 'active')`,
      )
    ).rows[0]?.n;
  await until(async () => (await left()) === 0, "the job runner's start jobs have run");
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An answer's text without its request id, for a test that an answer does not contain a figure: the id is a
 * random UUID, whose hex digits hold any short run of digits ('807') now and then.
 */
export const bodyWithoutRequestId = (res: { body: string }) =>
  res.body.replace(/"requestId":"[^"]*"/g, '"requestId":""');
