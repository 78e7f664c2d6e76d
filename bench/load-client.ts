// The HTTP side of `npm run bench:load`: keep-alive requests on 127.0.0.1 and closed-loop phases (each client
// sends its next request as soon as the last one is answered), several groups of clients at once.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

export function request(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const closeAgent = () => agent.destroy();

export interface Result {
  label: string;
  /** p95 of each request of the group, by URL. */
  byUrl: Map<string, number>;
  count: number;
  failures: number;
  /** Answers with a 5xx status (0 for a refused or cut connection counts as a failure, not here). */
  serverErrors: number;
  /** The first failures' statuses and bodies, to say what went wrong. */
  failureSamples: string[];
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface Group {
  label: string;
  clients: number;
  /** The next request of a client; `ok` decides whether the answer counts as a success (default: 2xx). */
  next: (client: number, i: number) => { url: string; answer: Promise<Answer>; ok?: (a: Answer) => boolean };
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** Runs every group's clients together for `seconds`; one result per group. */
export async function runPhase(seconds: number, groups: Group[]): Promise<Result[]> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const states = groups.map(() => ({
    durations: [] as number[],
    perUrl: new Map<string, number[]>(),
    failures: 0,
    serverErrors: 0,
    samples: [] as string[],
  }));
  await Promise.all(
    groups.flatMap((group, g) => {
      const s = states[g] as (typeof states)[number];
      return Array.from({ length: group.clients }, async (_, client) => {
        for (let i = 0; performance.now() < deadline; i++) {
          const t0 = performance.now();
          const sent = group.next(client, i);
          const answer = await sent.answer.catch(
            (err: Error) => ({ status: 0, headers: {}, body: err.message }) as Answer,
          );
          const took = performance.now() - t0;
          s.durations.push(took);
          const list = s.perUrl.get(sent.url) ?? [];
          list.push(took);
          s.perUrl.set(sent.url, list);
          const ok = sent.ok ? sent.ok(answer) : answer.status >= 200 && answer.status < 300;
          if (!ok) {
            s.failures++;
            if (s.samples.length < 3)
              s.samples.push(`${answer.status} ${sent.url}: ${answer.body.slice(0, 200)}`);
          }
          if (answer.status >= 500) s.serverErrors++;
        }
      });
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return groups.map((group, g) => {
    const s = states[g] as (typeof states)[number];
    s.durations.sort((a, b) => a - b);
    const byUrl = new Map(
      [...s.perUrl].map(
        ([url, list]) =>
          [
            url,
            at(
              list.sort((a, b) => a - b),
              0.95,
            ),
          ] as [string, number],
      ),
    );
    return {
      label: group.label,
      byUrl,
      count: s.durations.length,
      failures: s.failures,
      serverErrors: s.serverErrors,
      failureSamples: s.samples,
      perSecond: s.durations.length / elapsed,
      p50: at(s.durations, 0.5),
      p95: at(s.durations, 0.95),
      p99: at(s.durations, 0.99),
    };
  });
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

export function resultRow(r: Result): string {
  return `| ${r.label} | ${r.count} | ${r.failures} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`;
}
