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
}

interface Entry {
  version: string;
  body: string;
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
  let bytes = 0;

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

  async function versionOf(organisationId: number) {
    const { rows } = await pool.query<{ own: string | null; shared: string | null }>({
      ...VERSIONS,
      values: [organisationId],
    });
    return `${rows[0]?.own ?? 0}.${rows[0]?.shared ?? 0}`;
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
