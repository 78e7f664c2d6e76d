/**
 * Waits until `check` holds, asking every 50 ms, and fails naming `what` after `ms` (a minute unless told): what
 * another process, a job or a notification does reaches a test some time later, later still on a busy machine.
 */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
