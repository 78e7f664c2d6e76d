import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { encodeGraph } from '@verdant/contracts/graphs';
import { freePort } from '@verdant/db/testing/free-port';
import { DEMO_ACCOUNT } from '@verdant/domain/demo-account';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { buildWebIfStale, root } from '../scripts/build-web.mjs';
import type { BenchContext } from './context';
import {
  chartsDrawn,
  contextWithSession,
  kB,
  row,
  settle,
  type Transfer,
  testDrive,
  waitForHealth,
  watch,
} from './page-load';

/** Budgets: JavaScript transferred (compressed bytes on the wire, headers included). */
export const BUDGETS = { login: 150_000, dashboard: 300_000 } as const;

/**
 * The address the README's quick start tells a newcomer to open, as a path ('/' for
 * http://localhost:3000): the first page anyone sees, measured signed out beside the login page.
 */
export async function readmeAddress(): Promise<string> {
  const readme = await readFile(path.join(root, 'README.md'), 'utf8');
  const found = /open (http:\/\/localhost:\d+[^\s)`]*)/.exec(readme)?.[1];
  if (!found) throw new Error('The README no longer names an address to open');
  const address = new URL(found);
  return `${address.pathname}${address.search}`;
}

/**
 * What a browser downloads for the README's address signed out, the login page and the dashboard: the
 * built web app served by the real API
 * with the demo data, loaded in Chromium with an empty cache. Also times the free test drive to drawn charts
 * on a throttled 4 Mbit/s line.
 */
export async function pagesBench(ctx: BenchContext) {
  console.log("\n## Page weight (the README's address signed out, the login page, the dashboard)");
  buildWebIfStale();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdant-bench-pages-'));
  const app = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: await ctx.freshDatabase('bench_pages'),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    await waitForHealth(url, app);
    const entry = await fetch(`${url}/login`).then((r) => r.text());
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(entry)?.[1] ?? '';
    const head = await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const headers = `entry script: content-encoding ${head.headers.get('content-encoding')}, vary ${head.headers.get('vary')}, cache-control ${head.headers.get('cache-control')}`;
    console.log(headers);

    // The README's address, signed out, in a context of its own (an empty cache): it ends on the login page.
    const opened = await readmeAddress();
    const newcomer = await browser.newContext();
    const newcomerPage = await newcomer.newPage();
    const readmePage = watch(newcomerPage);
    await newcomerPage.goto(`${url}${opened}`);
    await newcomerPage.getByRole('button', { name: 'Take a free test drive' }).waitFor();
    await settle(newcomerPage);
    await newcomer.close();

    const first = await browser.newContext();
    const loginPage = await first.newPage();
    const login = watch(loginPage);
    await loginPage.goto(`${url}/login`);
    await settle(loginPage);
    const afterLogin = { ...login, scriptList: [...login.scriptList] };
    await testDrive(loginPage);
    await chartsDrawn(loginPage);
    await settle(loginPage);
    const signInToDashboard: Transfer = {
      scripts: login.scripts - afterLogin.scripts,
      scriptBytes: login.scriptBytes - afterLogin.scriptBytes,
      cssBytes: login.cssBytes - afterLogin.cssBytes,
      apiBytes: login.apiBytes - afterLogin.apiBytes,
      apiCalls: login.apiCalls - afterLogin.apiCalls,
      total: login.total - afterLogin.total,
      scriptList: login.scriptList.slice(afterLogin.scriptList.length),
    };

    const second = await contextWithSession(browser, loginPage);
    const dashboardPage = await second.newPage();
    const dashboard = watch(dashboardPage);
    await dashboardPage.goto(`${url}/dashboard`);
    await chartsDrawn(dashboardPage);
    await settle(dashboardPage);
    await second.close();

    // The graph builder's screens: each loads the chart code it draws and no more.
    const organisation = await loginPage.evaluate(
      () =>
        JSON.parse(
          (
            globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
          ).sessionStorage.getItem('verdant.organisation') ?? 'null',
        ) as {
          id: number;
          name: string;
        } | null,
    );
    const graph = encodeGraph({
      series: [
        {
          asset: { type: 'organisation', id: organisation?.id ?? 0, text: organisation?.name ?? '' },
          quantity: { type: 'cons', label: 'Energy consumption', unit: 'kWh' },
        },
      ],
    });
    const screens: [string, string, boolean][] = [
      ['time series with a graph (/reports/ts)', `/reports/ts?defaults=${graph}`, true],
      ['Breakdown before Create Graph (/reports/pie)', '/reports/pie', false],
      ['dashboard, Favourite Graphs tab', '/dashboard/favourite-graphs', false],
    ];
    const screenRows: [string, Transfer][] = [];
    for (const [what, path_, drawn] of screens) {
      const context = await contextWithSession(browser, loginPage);
      const page = await context.newPage();
      const transfer = watch(page);
      await page.goto(`${url}${path_}`);
      if (drawn) await chartsDrawn(page);
      await settle(page);
      screenRows.push([what, transfer]);
      await context.close();
    }
    await first.close();

    // The free test drive from an empty cache to drawn charts on a 4 Mbit/s line with 40 ms latency.
    const slow = await browser.newContext();
    const slowPage = await slow.newPage();
    const cdp = await slow.newCDPSession(slowPage);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (4_000_000 / 8) * 0.95,
      uploadThroughput: (1_000_000 / 8) * 0.95,
    });
    const started = Date.now();
    await slowPage.goto(`${url}/login`);
    await slowPage.getByRole('button', { name: 'Take a free test drive' }).waitFor();
    const loginReady = Date.now() - started;
    const clicked = Date.now();
    await testDrive(slowPage);
    await chartsDrawn(slowPage);
    const toCharts = Date.now() - clicked;
    await slow.close();

    const table = [
      '| what (empty cache) | scripts | JavaScript transferred | budget | CSS | API answers | everything |',
      '|---|---|---|---|---|---|---|',
      row(`${opened} signed out (the README's address), ending on the login page`, readmePage, BUDGETS.login),
      row('login page', afterLogin, BUDGETS.login),
      row('dashboard, opened with a session', dashboard, BUDGETS.dashboard),
      row('test drive: from the login page to drawn charts (added)', signInToDashboard),
      ...screenRows.map(([what, t]) => row(`${what}, opened with a session`, t)),
    ].join('\n');
    const timing = `At 4 Mbit/s (40 ms latency), empty cache: login page usable after ${(loginReady / 1000).toFixed(2)} s; test drive click to drawn charts ${(toCharts / 1000).toFixed(2)} s.`;
    console.log(table);
    // BENCH_PAGES_SCRIPTS=1 lists each page's scripts, largest first (to see where the bytes go).
    if (process.env.BENCH_PAGES_SCRIPTS) {
      for (const [what, t] of [
        [`${opened} signed out`, readmePage] as const,
        ['login page', afterLogin] as const,
        ['dashboard', dashboard] as const,
        ...screenRows,
      ]) {
        console.log(`\n${what}: ${t.scripts} scripts`);
        for (const [file, bytes] of [...t.scriptList].sort((a, b) => b[1] - a[1])) {
          console.log(`  ${kB(bytes).padStart(9)}  ${file}`);
        }
      }
    }
    console.log(timing);
    await writeSection(
      [
        `## Page weight (${new Date().toISOString().slice(0, 10)})`,
        '',
        `\`npm run bench\` (bench/pages.bench.ts) serves the built web app from the API with the demo data and loads it in`,
        'Chromium with an empty cache, counting compressed bytes on the wire (body and headers) by kind. The',
        `demo account is \`${DEMO_ACCOUNT.username}\`. The first row is the address the README tells a newcomer to`,
        `open, signed out. Load average during the run: ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores (a`,
        'busy machine times the slow-line figures, not the bytes).',
        '',
        table,
        '',
        timing,
        '',
        `Headers checked: ${headers}.`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    app.kill('SIGTERM');
    await new Promise((resolve) => (app.exitCode !== null ? resolve(null) : app.on('exit', resolve)));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const START = '<!-- bench:pages:start -->';
const END = '<!-- bench:pages:end -->';

/** Replaces this benchmark's section of docs/performance.md (or appends it the first time). */
async function writeSection(text: string) {
  const file = path.join(root, 'docs/performance.md');
  const doc = await readFile(file, 'utf8');
  const block = `${START}\n${text}\n${END}`;
  const at = doc.indexOf(START);
  const next =
    at >= 0
      ? doc.slice(0, at) + block + doc.slice(doc.indexOf(END) + END.length)
      : `${doc.trimEnd()}\n\n${block}\n`;
  await writeFile(file, next);
}
