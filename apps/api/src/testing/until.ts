/**
 * Waits until `check` holds, asking every 50 ms, and fails naming `what` after `ms` (a minute unless told): what
 * another process, a job or a notification does reaches a test some time later, later still on a busy machine.
 */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  await readUntil(check, (held) => held, what, ms);
}

/**
 * Reads until `done` holds of what was read, and answers that reading: a job's status once it has ended. Failing,
 * it names the last reading too (what the job was left at). A `done` that is a type guard narrows the answer (a
 * row that is there, not undefined).
 */
export async function readUntil<T, U extends T>(
  read: () => Promise<T> | T,
  done: (value: T) => value is U,
  what: string,
  ms?: number,
): Promise<U>;
export async function readUntil<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  ms?: number,
): Promise<T>;
export async function readUntil<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}${lastReading(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lastReading = (value: unknown) =>
  typeof value === 'boolean' ? '' : `; last read: ${String(JSON.stringify(value)).slice(0, 500)}`;
