/**
 * Answers worked out from a session's person and rights alone, kept with the resolved session
 * (docs/decisions/performance.md, Answers kept with the session): they live as long as the access cache keeps the
 * session (lib/access-cache.ts), so any change to sessions, people, memberships or organisations, heard from any
 * process, drops them with it. With the cache off, each call resolves a fresh session and keeps nothing.
 */
export type SessionAnswers = Map<string, Promise<unknown>>;

/** Answers (a search's words make their own) kept per session, few as each may list a hundred organisations; the oldest goes first. */
const MOST_KEPT = 5;

/** The kept answer of `key`, else `load`'s, kept (a failure is not kept). */
export function keptAnswer<T>(
  answers: SessionAnswers | undefined,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (!answers) return load();
  const hit = answers.get(key);
  if (hit) return hit as Promise<T>;
  const loading = load();
  if (answers.size >= MOST_KEPT) answers.delete(answers.keys().next().value as string);
  answers.set(key, loading);
  loading.catch(() => answers.delete(key));
  return loading;
}
