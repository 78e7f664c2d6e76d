// Summarises a V8 CPU profile (`node --cpu-prof`, as `LOAD_CPU_PROF=<folder> npm run bench:load` makes one):
// the functions with the most time of their own, the same time by package, and the functions with the most
// time including what they call. `node --import tsx bench/profile-summary.ts <file.cpuprofile> [last seconds]`
// (the last seconds: only the samples of the end of the run, the load phase without start-up and sign-ins).
// PROFILE_WITHIN=<first>,<last> keeps the samples from the first whose stack holds the function <first> to the
// last whose stack holds <last>, or for <last> written +<seconds> that many seconds from the first
// (PROFILE_WITHIN=runMeterLoad,+2.8: a data load of 2.8 s, its waits as idle samples).
import { readFile } from 'node:fs/promises';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, lastSeconds] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [last seconds]');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Each sample's time is the delta to the next sample.
let from = lastSeconds ? profile.endTime - Number(lastSeconds) * 1e6 : Number.NEGATIVE_INFINITY;
let till = Number.POSITIVE_INFINITY;
const within = process.env.PROFILE_WITHIN;
if (within) {
  const [first, last = first] = within.split(',');
  const holds = new Map<number, boolean>();
  const stackHolds = (id: number, fn: string | undefined): boolean => {
    const key = id * 2 + (fn === first ? 0 : 1);
    const known = holds.get(key);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const found = byId.get(id)?.callFrame.functionName === fn || (up !== undefined && stackHolds(up, fn));
    holds.set(key, found);
    return found;
  };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const id = profile.samples[i] as number;
    if (from === Number.NEGATIVE_INFINITY && stackHolds(id, first)) from = at;
    if (last?.startsWith('+')) continue;
    if (stackHolds(id, last)) till = at;
  }
  if (last?.startsWith('+')) till = from + Number(last.slice(1)) * 1e6;
}
const selfUs = new Map<number, number>();
let t = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (t < from || t > till) continue;
  const id = profile.samples[i] as number;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  total += dt;
}

function where(n: Node): string {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const short = url.includes('node_modules/')
    ? url.slice(url.lastIndexOf('node_modules/') + 'node_modules/'.length)
    : url.replace(/^.*\/(apps|packages)\//, '$1/');
  return short ? `${short}:${n.callFrame.lineNumber + 1}` : '';
}
function packageOf(n: Node): string {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node (core)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(url.lastIndexOf('node_modules/')));
  if (m) return m[1] as string;
  if (url.includes('/dist/')) return 'verdant (bundled)';
  return 'other';
}
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${where(n)}`.trim();
const pct = (us: number) => `${((us / total) * 100).toFixed(1)}%`;

const self = new Map<string, number>();
const byPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id) as Node;
  self.set(name(n), (self.get(name(n)) ?? 0) + us);
  byPackage.set(packageOf(n), (byPackage.get(packageOf(n)) ?? 0) + us);
  // Each function on the stack once, however often it recurses.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const key = name(byId.get(cur) as Node);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);

console.log(
  `${(total / 1e6).toFixed(1)} s of samples${lastSeconds ? ` (the last ${lastSeconds} s)` : ''}${within ? ` (within ${within})` : ''}\n`,
);
console.log('| self time | function |\n|---|---|');
for (const [k, us] of top(self, 25)) console.log(`| ${pct(us)} | ${k} |`);
console.log('\n| self time | package |\n|---|---|');
for (const [k, us] of top(byPackage, 15)) console.log(`| ${pct(us)} | ${k} |`);
console.log('\n| with callees | function |\n|---|---|');
for (const [k, us] of top(inclusive, Number(process.env.PROFILE_TOP ?? 60)))
  console.log(`| ${pct(us)} | ${k} |`);
