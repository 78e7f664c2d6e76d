const tails = new Map<string, Promise<unknown>>();

/**
 * Runs tasks with the same key one after another, in the order they were queued. Saves that send a
 * whole record must not overtake each other, or an older copy could undo a newer change.
 */
export function enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
