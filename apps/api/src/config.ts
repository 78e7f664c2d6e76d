import path from 'node:path';
import { SESSION_MINUTES } from '@verdant/domain/constants';
import { OVERNIGHT_WINDOW_DEFAULT, parseNightWindow } from '@verdant/domain/overnight';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the API reads, parsed once. README documents each. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections each process keeps to PostgreSQL (docs/performance.md, "The connection pool"): requests wait
   * for a free one. More than the database server's cores buys little; several processes share the server's
   * max_connections.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(SESSION_MINUTES * 60),
  /**
   * The absolute lifetime of a session from its sign-in, however busy (docs/decisions/security.md, "Sessions
   * end after an absolute lifetime"): sliding never takes its expiry past it. Default 7 days.
   */
  SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(7 * 24 * 60 * 60),
  /**
   * How long a process keeps a resolved session (its person and rights) between calls; any change to sessions,
   * people, memberships or organisations empties it at once (lib/access-cache.ts). 0: every call reads them.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /**
   * The megabytes of browsing answers each process keeps (lib/answer-cache.ts), served again while their
   * organisation's answer version has not moved; 0: every call builds its answer.
   */
  ANSWER_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: bool.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Verdant <no-reply@verdant.local>'),
  /**
   * The inbound SMTP listener of invoices by email (docs/decisions/email-intake.md): off unless a port is set;
   * it runs in the process that works the jobs (the API, or `npm run worker`).
   */
  MAIL_INTAKE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MAIL_INTAKE_HOST: z.string().default('0.0.0.0'),
  /** The largest message the listener takes (SMTP SIZE), in megabytes. */
  MAIL_INTAKE_MAX_MB: z.coerce.number().int().min(1).max(200).default(60),
  /**
   * The IMAP mailbox of invoices by email (docs/decisions/email-intake.md, IMAP intake): off unless a host is
   * set; polled every minute by the job runner.
   */
  MAIL_IMAP_HOST: z.string().min(1).optional(),
  /** Default 993, or 143 when MAIL_IMAP_SECURE is false. */
  MAIL_IMAP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MAIL_IMAP_SECURE: bool.default(true),
  MAIL_IMAP_USER: z.string().optional(),
  MAIL_IMAP_PASSWORD: z.string().optional(),
  MAIL_IMAP_MAILBOX: z.string().min(1).default('INBOX'),
  ALTERNATE_LOGIN: z.string().optional(),
  /** Failures on one account in the window that mail its owner a lockout notice. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Failures on one account before the addresses that made them wait (1 s, doubling each failure). */
  LOGIN_BACKOFF_AFTER: z.coerce.number().int().min(1).default(3),
  /** Failures from one address, on any accounts, before it waits (1 s, doubling each failure). */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /**
   * When set, only ID tokens whose `tid` claim is one of these tenants are accepted (Microsoft Entra ID; a
   * comma-separated list, for a multi-tenant `/common` or `/organizations` issuer).
   */
  OIDC_TENANT_ID: z.string().optional(),
  /** Just-in-time creation: a verified unknown person becomes an Observer of this organisation. */
  OIDC_JIT_ORGANISATION_ID: z.coerce.number().int().positive().optional(),
  /** Where the provider sends the browser back; defaults to PUBLIC_URL + /login/microsoft. */
  OIDC_REDIRECT_URI: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
  /** Work the background jobs in this API process; false when `npm run worker` runs them instead. */
  JOBS_IN_PROCESS: bool.default(true),
  /**
   * A report run now whose work is estimated above this many rows (meters x months, or a register's invoices)
   * goes to the jobs centre as a background job instead of answering at once (docs/decisions/reports.md,
   * Slow reports run as jobs).
   */
  REPORT_JOB_ROWS: z.coerce.number().int().min(0).default(20_000),
  /**
   * A recompute of this many of an organisation's meters or more keeps a row in the jobs centre
   * (docs/decisions/job-runner.md, Recomputes worth following).
   */
  RECOMPUTE_FOLLOW_METERS: z.coerce.number().int().min(1).default(200),
  /**
   * The night window of Overnight jobs (type 2), HH:MM-HH:MM on each organisation's wall clock: such a job waits
   * until it opens (docs/decisions/job-runner.md, Overnight jobs).
   */
  OVERNIGHT_WINDOW: z
    .string()
    .default(OVERNIGHT_WINDOW_DEFAULT)
    .refine(
      (v) => parseNightWindow(v) !== null,
      'OVERNIGHT_WINDOW is two times HH:MM-HH:MM, e.g. 01:00-05:00',
    ),
  /**
   * An emailed report larger than this many bytes is sent as a signed link instead of an attachment
   * (docs/decisions/reports.md, Large files by link). Default 5 MB.
   */
  REPORT_LINK_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 1024 * 1024),
  /** Signs direct file links; defaults to a key kept in DATA_DIR (set it when API processes share no DATA_DIR). */
  FILE_LINK_SECRET: z.string().min(16).optional(),
  /** Where the built web app is; relative paths are from apps/web. */
  WEB_DIST: z.string().default('dist'),
  /** Bearer token of GET /api/metrics (Prometheus); the endpoint answers 404 while it is unset. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How long a stop (SIGINT, SIGTERM) waits for in-flight requests before cutting them. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The location maps' tile server: a URL template with {z}, {x} and {y} (and {s} for subdomains), or 'none'
   * for no tiles (the maps then say they are unavailable). Its origin is allowed by the CSP's img-src.
   */
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_TILE_URL)
    .refine(
      (v) =>
        v === 'none' ||
        (/^https?:\/\/[^/\s]+\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      "a URL with {z}, {x} and {y}, or 'none'",
    ),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
});

export type Env = z.infer<typeof schema>;

/** The origin a tile URL template loads from, as a CSP source ('{s}' subdomains become a wildcard). */
export const tileOrigin = (url: string) => /^https?:\/\/[^/]+/.exec(url.replace('{s}', '*'))?.[0] ?? null;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  webDist: string;
  alternateLogin: { 'login-option': string | null; props: Record<string, string> };
  /** The location maps' tiles: the URL template (null: none) and its attribution. */
  mapTiles: { url: string | null; attribution: string };
  /** Single sign-on through OpenID Connect, when OIDC_ISSUER and OIDC_CLIENT_ID are both set. */
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret?: string;
    redirectUri: string;
    /** The tenants accepted (`tid`); empty when any tenant is. */
    tenants: string[];
  } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MAIL_IMAP_HOST && (!e.MAIL_IMAP_USER || !e.MAIL_IMAP_PASSWORD))
    throw new Error(
      'Invalid configuration:\n  MAIL_IMAP_USER and MAIL_IMAP_PASSWORD are needed with MAIL_IMAP_HOST',
    );
  let alternateLogin: Config['alternateLogin'] = { 'login-option': null, props: {} };
  if (e.ALTERNATE_LOGIN) {
    const alt = z
      .object({ option: z.string().min(1), props: z.record(z.string(), z.string()).default({}) })
      .safeParse(JSON.parse(e.ALTERNATE_LOGIN));
    if (!alt.success) throw new Error('ALTERNATE_LOGIN must be JSON like {"option":"...","props":{...}}');
    alternateLogin = { 'login-option': alt.data.option, props: alt.data.props };
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            redirectUri: e.OIDC_REDIRECT_URI ?? `${publicUrl}/login/microsoft`,
            tenants: (e.OIDC_TENANT_ID ?? '')
              .split(',')
              .map((t) => t.trim().toLowerCase())
              .filter(Boolean),
          }
        : null,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    webDist: path.resolve(import.meta.dirname, '../../web', e.WEB_DIST),
    alternateLogin,
    mapTiles: {
      url: e.MAP_TILE_URL === 'none' ? null : e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
    },
  };
}
