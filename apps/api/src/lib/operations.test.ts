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
    const loose = routes.filter((r) => !isOperation(r)).map(nameOf);
    expect(loose).toEqual([]);
  });

  it('name each operation once', () => {
    const names = app.routeTable
      .filter((r) => isOperation(r) && r.method !== 'HEAD')
      .map((r) => String(r.config?.operation));
    expect(names.length).toBe(new Set(names).size);
  });
});
