import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** Marks the end of one phase of a load. */
export type PhaseMark = (phase: string) => void;

/**
 * CPU time (ms) a process on this machine has used, from /proc (Linux; 0 elsewhere): the bench's PostgreSQL runs
 * beside the API, so its backend's CPU is readable too.
 */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields of the line (12th and 13th after the command), in 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The load's phases timed for the bench (docs/performance.md, The data-load job): with `LOAD_PHASES=1` in the
 * environment each mark prints the phase's wall time, the API process's CPU time and its PostgreSQL backend's
 * (a busy machine's waits show as the gap between wall and CPU), and the time the API's event loop sat idle
 * (waiting on the database, on zlib's threads or on the machine); without it, marks do nothing.
 */
export async function loadPhases(client: pg.ClientBase): Promise<PhaseMark> {
  if (!process.env.LOAD_PHASES) return () => {};
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  let wall = performance.now();
  let cpu = process.cpuUsage();
  let db = processCpuMs(backend);
  let loop = performance.eventLoopUtilization();
  return (phase) => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const dbNow = processCpuMs(backend);
    console.error(
      `load phase ${phase}: ${Math.round(now - wall)} ms, API CPU ${Math.round((used.user + used.system) / 1000)} ms, PostgreSQL CPU ${dbNow - db} ms, event loop idle ${Math.round(performance.eventLoopUtilization(loop).idle)} ms`,
    );
    loop = performance.eventLoopUtilization();
    wall = now;
    cpu = process.cpuUsage();
    db = dbNow;
  };
}
