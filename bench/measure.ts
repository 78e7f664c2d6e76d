import { performance } from 'node:perf_hooks';

export interface Measurement {
  label: string;
  count: number;
  totalMs: number;
  perOpMs: number;
  p50Ms: number;
  p95Ms: number;
  opsPerSecond: number;
}

/** Runs `op` `count` times, `concurrency` at a time, and reports mean, p95 and throughput. */
export async function measure(
  label: string,
  count: number,
  op: (i: number) => Promise<unknown>,
  concurrency = 1,
) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await op(i);
        durations.push(performance.now() - t0);
      }
    }),
  );
  const totalMs = performance.now() - started;
  durations.sort((a, b) => a - b);
  const m: Measurement = {
    label,
    count,
    totalMs,
    perOpMs: durations.reduce((a, b) => a + b, 0) / count,
    p50Ms: durations[Math.floor(count * 0.5)] ?? 0,
    p95Ms: durations[Math.floor(count * 0.95)] ?? 0,
    opsPerSecond: (count / totalMs) * 1000,
  };
  console.log(
    `${label.padEnd(48)} n=${String(count).padStart(6)}  mean ${m.perOpMs.toFixed(2).padStart(8)} ms  p50 ${m.p50Ms.toFixed(2).padStart(8)} ms  p95 ${m.p95Ms.toFixed(2).padStart(8)} ms  ${m.opsPerSecond.toFixed(0).padStart(7)} ops/s`,
  );
  return m;
}
