import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@verdant/db/client';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from './mail';

/**
 * Every route the API serves is an operation of a feature's table (docs/architecture.md, "Operations
 * tables"), registered through `registerOperations`, so that its path, schemas and access are declared once
 * and the web calls the same declaration.
 */

/** Routes that are not operations of the product: the documentation pages and the web app's files. */
const NOT_OPERATIONS = [/^\/api\/docs/, /^\/\*$/, /^\/assets\//, /^\/$/];
/** Routes still being moved to the operations tables; this list only shrinks. */
const NOT_MOVED_YET = new Set<string>([
  'POST /api/public/login',
  'POST /api/public/login/test-drive',
  'POST /api/public/login/token-login',
  'GET /api/public/login/alternate-login',
  'GET /api/public/login/sso',
  'GET /api/public/login/ms-login/start',
  'POST /api/public/login/ms-login',
  'PUT /api/public/login/reset-password/:email',
  'GET /api/public/login/password-reset/:token',
  'POST /api/public/login/password-reset',
  'POST /api/invoices/:id/raw-data-url',
  'PUT /api/direct/:token/invoice-files/:invoiceId/:key',
  'GET /api/direct/:token/invoice-files/:invoiceId/:key',
  'GET /api/meters/:id/invoices',
  'GET /api/meters/:id/invoice-date-defaults',
  'GET /api/meters/:id/invoices/reversal-data',
  'POST /api/invoices/reversal',
  'POST /api/invoices/replacement',
  'POST /api/invoices/decommissioning',
  'GET /api/meters/:id/invoice-alerts',
  'POST /api/invoices/alerts/:id/reset',
  'GET /api/invoices/:id/virtual-invoice',
  'POST /api/organisations/:id/invoice-alerts/evaluate',
  'GET /api/meters/:id/comments',
  'GET /api/meters/:id/comments/:noteId',
  'POST /api/meters/:id/comments',
  'PUT /api/meters/:id/comments/:noteId',
  'GET /api/meters/:id/invoice-notes',
  'GET /api/meters/:id/meter-consumption',
  'POST /api/meters/:id/meter-consumptions',
  'PUT /api/meters/:id/meter-consumption/:recordId',
  'DELETE /api/meters/:id/meter-consumption/:recordId',
  'GET /api/meters/:id/transactions',
  'POST /api/meters/:id/transactions',
  'PUT /api/meters/:id/transactions/:itemId',
  'DELETE /api/meters/:id/transactions/:invoiceId/:itemId',
  'GET /api/meters/:id/half-hour-data/availability',
  'GET /api/meters/:id/half-hour-data/:year/:month',
  'GET /api/invoices/get/:id',
  'PUT /api/invoices/save',
  'DELETE /api/invoices/:id',
  'POST /api/invoices/blank',
  'GET /api/meters/:id/new-invoice-defaults',
  'GET /api/meters/:id/energy-distribution',
  'PUT /api/meters/:id/energy-distribution',
  'GET /api/organisations/:id/data-sources',
  'GET /api/meters/:id/alerts',
  'POST /api/meters/:id/alerts/:alertId/schedule',
  'DELETE /api/meters/:id/alerts/:alertId',
  'PUT /api/meters/bulk-action',
  'POST /api/organisations/:id/meter-data-export',
  'GET /api/admin/alerts-report',
  'GET /api/meters/:id',
  'PUT /api/meters/:id',
  'GET /api/meters/:id/energy-unit',
  'GET /api/meters/:id/same-site',
  'GET /api/meters/:id/same-collection',
  'GET /api/meters/:id/asset-graph-data/v2/:type/:year/year-end/:month',
  'POST /api/meter-groups/:groupId/meter/:meterId',
  'DELETE /api/meter-groups/:groupId/meter/:meterId',
  'PUT /api/meters/:id/identifiers/:identifierId',
  'POST /api/meters/:id/identifiers/copy',
  'GET /api/organisations/:id/meter-identifiers',
  'POST /api/organisations/:id/meter-identifiers',
  'PUT /api/meters/:id/consumption-alert-setup',
  'PUT /api/meters/:id/tariff-alert-setup',
  'PUT /api/meters/:id/baseload-alert-setup',
  'GET /api/meters/:id/move',
  'POST /api/meters/:id/move',
  'GET /api/meters/:id/compatible-types',
  'PUT /api/meters/:id/change-data-type',
  'POST /api/meters/:id/create-replacement',
  'POST /api/organisations/:id/new-meter',
  'POST /api/organisations/:id/new-combined-water-wastewater-account',
  'GET /api/meters/icp-check/:icp',
]);

let app: App;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-operations-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  app = await buildApp({
    config,
    db: {} as Db,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: dir }),
    logger: false,
  });
  await app.ready();
});
afterAll(() => app.close());

const nameOf = (r: RouteOptions) => `${[r.method].flat().join(',')} ${r.url}`;
const isOperation = (r: RouteOptions) => typeof r.config?.operation === 'string';

describe('operations tables', () => {
  it('serve every route of the API', () => {
    const routes = app.routeTable.filter(
      (r) => !NOT_OPERATIONS.some((re) => re.test(r.url)) && r.method !== 'HEAD',
    );
    const loose = routes.filter((r) => !isOperation(r) && !NOT_MOVED_YET.has(nameOf(r))).map(nameOf);
    expect(loose).toEqual([]);
    const moved = routes.filter((r) => isOperation(r) && NOT_MOVED_YET.has(nameOf(r))).map(nameOf);
    expect(moved).toEqual([]);
  });

  it('name each operation once', () => {
    const names = app.routeTable
      .filter((r) => isOperation(r) && r.method !== 'HEAD')
      .map((r) => String(r.config?.operation));
    expect(names.length).toBe(new Set(names).size);
  });
});
