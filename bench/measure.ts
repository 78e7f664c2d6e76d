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

/**
 * Runs two variants of one operation alternately, `count` times each, one at a time, so that the machine's
 * load moves both alike; reports each and the time `b` adds to `a` at p50 and p95.
 */
export async function compare(
  label: string,
  count: number,
  a: { label: string; op: (i: number) => Promise<unknown> },
  b: { label: string; op: (i: number) => Promise<unknown> },
) {
  const times: Record<'a' | 'b', number[]> = { a: [], b: [] };
  for (let i = 0; i < count * 2; i++) {
    const which = i % 4 === 0 || i % 4 === 3 ? 'a' : 'b'; // a b b a: neither always goes first
    const t0 = performance.now();
    await (which === 'a' ? a.op(i) : b.op(i));
    times[which].push(performance.now() - t0);
  }
  const summary = (name: string, d: number[]): Measurement => {
    d.sort((x, y) => x - y);
    const totalMs = d.reduce((s, x) => s + x, 0);
    return {
      label: name,
      count: d.length,
      totalMs,
      perOpMs: totalMs / d.length,
      p50Ms: d[Math.floor(d.length * 0.5)] ?? 0,
      p95Ms: d[Math.floor(d.length * 0.95)] ?? 0,
      opsPerSecond: (d.length / totalMs) * 1000,
    };
  };
  const ma = summary(a.label, times.a);
  const mb = summary(b.label, times.b);
  const added = (x: number, y: number) => `${y - x >= 0 ? '+' : ''}${(((y - x) / x) * 100).toFixed(1)}%`;
  console.log(`${label} (${count} each, alternating)`);
  for (const m of [ma, mb]) {
    console.log(
      `  ${m.label.padEnd(46)} p50 ${m.p50Ms.toFixed(2).padStart(8)} ms  p95 ${m.p95Ms.toFixed(2).padStart(8)} ms  mean ${m.perOpMs.toFixed(2).padStart(8)} ms`,
    );
  }
  console.log(
    `  added by "${mb.label}": p50 ${(mb.p50Ms - ma.p50Ms).toFixed(2)} ms (${added(ma.p50Ms, mb.p50Ms)}), p95 ${(mb.p95Ms - ma.p95Ms).toFixed(2)} ms (${added(ma.p95Ms, mb.p95Ms)})`,
  );
  return { a: ma, b: mb };
}
