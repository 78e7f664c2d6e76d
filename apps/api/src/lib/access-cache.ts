import pg from 'pg';

/** The channel the database's triggers notify when a session, a person, a membership or an organisation changes. */
export const ACCESS_CHANGED_CHANNEL = 'verdant_access_changed';

const SETTLE = 'settle';

export interface AccessCache<T> {
  /**
   * The value kept for `key`, else `load`'s, kept for the configured seconds. An answer loaded while a change
   * was notified is not kept (it may predate the change).
   */
  through(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Replaces a kept value (after this process changed it, as a session's slid expiry). */
  update(key: string, value: T): void;
  /** Forgets one value (it proved older than the database's). */
  forget(key: string): void;
  /** Forgets everything (this process changed a right; the notification follows for the others). */
  clear(): void;
  /**
   * Resolves once every change committed before it has been heard: a write's answer waits for it, so the next
   * call (from anyone, to this process) sees what the write changed.
   */
  settle(): Promise<void>;
  /** Whether values are kept now: only while the listener hears the database. */
  readonly active: boolean;
  close(): Promise<void>;
}

interface Options {
  /** How long a value is kept; 0 turns the cache off. */
  seconds: number;
  /** The connection the listener opens (the pool's settings). */
  connection: pg.ClientConfig;
  /** The most values kept; the oldest go first. */
  max?: number;
  log?: (message: string) => void;
}

/**
 * A short-lived cache of what each signed-in call resolves (its session, person and rights), emptied whenever the
 * database says any of them changed (docs/decisions/performance.md, Session and rights cache). It keeps nothing
 * unless a LISTEN connection hears the triggers' notifications: with the listener down (the database restarted),
 * every call reads the database until it is back.
 */
export function createAccessCache<T>({ seconds, connection, max = 10_000, log }: Options): AccessCache<T> {
  const kept = new Map<string, { value: T; until: number }>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const clear = () => {
    generation++;
    kept.clear();
  };

  async function listen() {
    if (closed) return;
    const c = new pg.Client(connection);
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      listening = false;
      clear();
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), 1000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    // A process's own settling notice passes through the same queue, after every change committed before it.
    c.on('notification', (n) => {
      if (n.payload !== SETTLE) clear();
    });
    try {
      await c.connect();
      await c.query(`listen ${ACCESS_CHANGED_CHANNEL}`);
      if (client !== c) return;
      // Anything kept before the listener was back may have missed a change.
      clear();
      listening = true;
    } catch (err) {
      log?.(`access cache: cannot listen for changes (${(err as Error).message}); retrying`);
      lost();
    }
  }
  if (seconds > 0) void listen();

  return {
    get active() {
      return listening;
    },
    async through(key, load) {
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && hit.until > now && listening) return hit.value;
      const before = generation;
      const value = await load();
      if (value !== undefined && listening && generation === before) {
        kept.delete(key);
        if (kept.size >= max) kept.delete(kept.keys().next().value as string);
        kept.set(key, { value, until: now + seconds * 1000 });
      }
      return value;
    },
    update(key, value) {
      const hit = kept.get(key);
      if (hit) hit.value = value;
    },
    forget(key) {
      kept.delete(key);
    },
    clear,
    async settle() {
      const c = client;
      if (!listening || !c) return;
      // Notifications reach a listener in commit order, its own included, before its statement's answer.
      await c.query(`select pg_notify('${ACCESS_CHANGED_CHANNEL}', '${SETTLE}')`).catch(() => {});
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      clear();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
