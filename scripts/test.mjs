// `npm test`: the unit and API tests (Vitest), then the journeys (Playwright) in shards side by side, each shard
// with its own PostgreSQL, demo and servers on ports of its own, each line marked with its shard
// (docs/decisions/tooling.md, Journeys in two shards). E2E_SHARDS sets how many (2 by default, 1 for one run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildWebIfStale, root } from './build-web.mjs';
import { journeyFiles, planShards, SECONDS_FILE } from './journey-shards.mjs';

const bin = (name) => `${root}/node_modules/.bin/${name}`;
const shards = Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? '2', 10) || 1);
const basePort = Number(process.env.E2E_PORT ?? 3101);

const unit = spawnSync(bin('vitest'), ['run'], { cwd: root, stdio: 'inherit' });
if (unit.status !== 0) process.exit(unit.status ?? 1);

// Chromium is checked (and installed where allowed) and the web app built once, before the shards start.
const chromium = spawnSync(process.execPath, [`${root}/scripts/ensure-chromium.mjs`], { stdio: 'inherit' });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);
buildWebIfStale();

const children = [];
const stopAll = (signal) => {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already ended
    }
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll(signal);
    process.exitCode = 1;
  });
}

// Shards of about equal time, from each journey file's measured seconds (docs/decisions/tooling.md).
const plan = planShards(
  journeyFiles(),
  existsSync(SECONDS_FILE) ? JSON.parse(readFileSync(SECONDS_FILE, 'utf8')) : {},
  shards,
);
// Beside each shard's output folder (which Playwright empties when it starts), ignored by git like it.
const lists = path.join(root, 'test-results');
mkdirSync(lists, { recursive: true });

/** One shard: a Playwright run of its own, its servers 20 ports apart from the next shard's. */
function runShard(index) {
  const mark = shards === 1 ? '' : `[journeys ${index}/${shards}] `;
  const args = ['test'];
  if (shards > 1) {
    const { files, seconds } = plan[index - 1];
    const list = path.join(lists, `shard-${index}.txt`);
    writeFileSync(list, `${files.join('\n')}\n`);
    console.log(
      `${mark}${files.length} journey files, about ${Math.round(seconds / 60)} minutes when last measured`,
    );
    args.push(`--test-list=${list}`, `--output=test-results/shard-${index}`);
  }
  // A process group of its own, so that stopping this command stops the browser and servers the shard started.
  const child = spawn(bin('playwright'), args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, E2E_PORT: String(basePort + (index - 1) * 20) },
  });
  children.push(child);
  const drained = [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ].map(([stream, out]) => {
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => out.write(`${mark}${line}\n`));
    return new Promise((done) => lines.on('close', done));
  });
  // Settled on 'exit', then the shard's last lines: a server left running inherits the pipes and would hold
  // 'close' open, so the lines get two seconds at most.
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const result = { mark, ok: code === 0, why: signal ?? `status ${code}` };
      const cap = new Promise((done) => setTimeout(done, 2000).unref());
      Promise.race([Promise.all(drained), cap]).then(() => resolve(result));
    });
  });
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
if (shards > 1) {
  for (const { mark, ok, why } of results) console.log(`${mark}${ok ? 'passed' : `failed (${why})`}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
