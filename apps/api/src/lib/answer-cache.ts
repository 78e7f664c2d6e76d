import type { Db } from '@verdant/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Caller } from './caller';

declare module 'fastify' {
  interface FastifyInstance {
    /** Kept browsing answers (lib/answer-cache.ts); absent where the app has no pool of its own. */
    answerCache?: AnswerCache;
  }
}

/**
 * Browsing answers kept as the text sent (docs/decisions/performance.md, Answer cache). An answer is served again
 * only to the same caller (person, rights, organisation and its dates) for the same address, and only while the
 * organisation's answer version and the catalogue's are the ones it was built under: any committed write that can
 * change it, in any process, has moved one of them (migration 0061_answer_versions). The versions are read on
 * every call, before the answer is built, so an answer is never older than its version. Bounded by the bytes of
 * the answers kept, the least recently used going first.
 */
export interface AnswerCache {
  /** The kept answer of the call, else `build`'s, serialised once, kept and sent. */
  answer(request: FastifyRequest, reply: FastifyReply, build: () => unknown): Promise<unknown>;
  /** What is kept now: answers and their bytes (for tests and metrics). */
  readonly size: { answers: number; bytes: number };
  /** Calls that asked for the versions, and version statements sent, since the cache was made (for tests). */
  readonly versions: { asked: number; read: number };
}

interface Entry {
  version: string;
  body: string;
}

/** An organisation's version statement out now, and the one the calls that arrived meanwhile wait for. */
interface VersionReads {
  out: Promise<string>;
  waiting?: Promise<string>;
}

const VERSIONS = {
  name: 'answer_versions',
  text: `select (select version from answer_versions where organisation_id = $1)::text as own,
    (select version from answer_versions where organisation_id = 0)::text as shared`,
};

/** `maxBytes` 0 keeps nothing: every call builds its answer. */
export function createAnswerCache(db: Db, { maxBytes }: { maxBytes: number }): AnswerCache {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const kept = new Map<string, Entry>();
  const building = new Map<string, Promise<string | undefined>>();
  // Per organisation, the version read out now and the one the calls arriving meanwhile wait for.
  const versionsRead = new Map<number, VersionReads>();
  let bytes = 0;
  const versions = { asked: 0, read: 0 };

  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.body.length;
  };

  function keep(key: string, entry: Entry) {
    drop(key);
    // One answer may take at most an eighth of the room, so a few large ones cannot empty it.
    if (entry.body.length > maxBytes / 8) return;
    for (const oldest of kept.keys()) {
      if (bytes + entry.body.length <= maxBytes) break;
      drop(oldest);
    }
    kept.set(key, entry);
    bytes += entry.body.length;
  }

  async function readVersion(organisationId: number) {
    versions.read++;
    const { rows } = await pool.query<{ own: string | null; shared: string | null }>({
      ...VERSIONS,
      values: [organisationId],
    });
    return `${rows[0]?.own ?? 0}.${rows[0]?.shared ?? 0}`;
  }

  /** Sends an organisation's version statement; the calls that arrive while it is out wait for the next. */
  function startRead(organisationId: number): Promise<string> {
    const out = readVersion(organisationId);
    const reads: VersionReads = { out };
    versionsRead.set(organisationId, reads);
    const back = () => {
      if (!reads.waiting) versionsRead.delete(organisationId);
    };
    out.then(back, back);
    return out;
  }

  /**
   * The versions as read by a statement sent after this call began: while an organisation's read is out, the
   * calls that arrive share the next one, sent as soon as it is back. A read already out may have run before a
   * write this caller saw acknowledged, so it is never joined
   * (docs/decisions/performance.md, One version read for the calls waiting).
   */
  function versionOf(organisationId: number): Promise<string> {
    versions.asked++;
    const reads = versionsRead.get(organisationId);
    if (!reads) return startRead(organisationId);
    const next = () => startRead(organisationId);
    reads.waiting ??= reads.out.then(next, next);
    return reads.waiting;
  }

  return {
    async answer(request, reply, build) {
      const caller = request.caller;
      const organisationId = caller?.checked.organisationId;
      if (maxBytes === 0 || !caller || organisationId == null || request.method !== 'GET') return build();
      const key = keyOf(caller, request.url);
      const version = await versionOf(organisationId);
      const found = kept.get(key);
      if (found && found.version === version) {
        kept.delete(key);
        kept.set(key, found);
        return send(reply, found.body);
      }
      // Calls that miss together share one build: after a write moves the version, the first builds, the rest wait.
      const flight = `${version}\n${key}`;
      const other = building.get(flight);
      if (other) {
        const body = await other;
        if (body !== undefined) return send(reply, body);
        return build();
      }
      let done: (body: string | undefined) => void = () => {};
      building.set(
        flight,
        new Promise((resolve) => {
          done = resolve;
        }),
      );
      let body: string | undefined;
      try {
        const value = await build();
        if (value === reply || reply.sent || reply.statusCode !== 200) return value;
        const serialised = reply.serialize(value);
        if (typeof serialised !== 'string') return value;
        body = serialised;
        keep(key, { version, body });
        return send(reply, body);
      } finally {
        building.delete(flight);
        done(body);
      }
    },
    get size() {
      return { answers: kept.size, bytes };
    },
    get versions() {
      return { ...versions };
    },
  };
}

const send = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

/** Everything about the caller an answer may depend on, with the address (path and query) asked. */
function keyOf(caller: Caller, url: string): string {
  const { now: _decidedAt, ...org } = caller.org ?? { now: null };
  return JSON.stringify([
    caller.user.id,
    caller.principal,
    caller.session.testDrive,
    caller.checked.organisationId,
    caller.checked.role ?? null,
    caller.checked.mayEdit,
    caller.checked.mayAdminister,
    org,
    url,
  ]);
}
