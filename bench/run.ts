// `npm run bench`: runs every benchmark in bench/ (or one: `BENCH_ONLY=pages npm run bench`) against a real PostgreSQL and prints figures and ratios.
// Benchmarks measure; they never pass or fail on a duration.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbedded } from '@verdant/db/embedded';
import { freePort } from '@verdant/db/testing/free-port';
import { auditBench } from './audit.bench';
import { billAuditBench } from './bill-audit.bench';
import type { BenchContext } from './context';
import { dataSourcesBench } from './data-sources.bench';
import { emailIntakeBench } from './email-intake.bench';
import { firstCallBench } from './first-call.bench';
import { graphsBench } from './graphs.bench';
import { greenButtonBench, greenButtonParseBench } from './green-button.bench';
import { halfHourBench } from './half-hour.bench';
import { importsBench, nem12ParseBench } from './imports.bench';
import { invoiceListBench } from './invoice-list.bench';
import { invoicesBench } from './invoices.bench';
import { ledgerBench } from './ledger.bench';
import { mixBench } from './mix.bench';
import { pagesBench } from './pages.bench';
import { portfolioManagerBench } from './portfolio-manager.bench';
import { reportsBench } from './reports.bench';
import { reportsRegisterBench } from './reports-register.bench';
import { reportsScheduleBench } from './reports-schedule.bench';
import { restatementBench } from './restatement.bench';
import { sessionsBench } from './sessions.bench';

const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-bench-'));
await chmod(dir, 0o755);
const pg = await startEmbedded({ dir: path.join(dir, 'pg'), port: await freePort() });
const ctx: BenchContext = {
  async freshDatabase(name) {
    await ensureDatabase(pg.url(), name);
    return pg.url(name);
  },
};
try {
  // BENCH_ONLY=<name> runs only the bench of that name (the keys below).
  const benches = {
    sessions: sessionsBench,
    mix: mixBench,
    audit: auditBench,
    ledger: ledgerBench,
    pages: pagesBench,
    'data-sources': dataSourcesBench,
    'invoice-list': invoiceListBench,
    invoices: invoicesBench,
    'bill-audit': billAuditBench,
    'nem12-parse': nem12ParseBench,
    'half-hour': halfHourBench,
    graphs: graphsBench,
    imports: importsBench,
    'green-button': greenButtonBench,
    'green-button-parse': greenButtonParseBench,
    'portfolio-manager': portfolioManagerBench,
    reports: reportsBench,
    'reports-schedule': reportsScheduleBench,
    'reports-register': reportsRegisterBench,
    restatement: restatementBench,
    'email-intake': emailIntakeBench,
    'first-call': firstCallBench,
  };
  for (const [name, bench] of Object.entries(benches)) {
    if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === name) await bench(ctx);
  }
} finally {
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
