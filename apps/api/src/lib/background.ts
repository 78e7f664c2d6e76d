import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone out (a reset mail, so that a known and an unknown address answer in
 * the same time). Failures are logged, never thrown; `idle()` waits for what is still running (the app waits for it
 * when it closes, so a stop does not cut a mail in half).
 */
export function createBackground(log: Pick<FastifyBaseLogger, 'error'> = { error: console.error }) {
  const pending = new Set<Promise<void>>();
  return {
    later(name: string, task: () => Promise<void>) {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type Background = ReturnType<typeof createBackground>;
