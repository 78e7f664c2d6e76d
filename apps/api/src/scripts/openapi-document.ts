import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@verdant/db/client';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../lib/mail';

/** The OpenAPI document as the routes generate it, as stable pretty JSON. Needs no database connection. */
export async function openapiDocument(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-openapi-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    db: {} as Db,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: dir }),
    logger: false,
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return `${JSON.stringify(doc, null, 2)}\n`;
}
