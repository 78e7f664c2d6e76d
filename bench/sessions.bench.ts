import os from 'node:os';
import path from 'node:path';
import { connect } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { runMigrations } from '@verdant/db/migrate';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';

/**
 * What every call pays for authentication: resolving and sliding the session (one UPDATE ... RETURNING),
 * against an unauthenticated health check. Sign-in itself is dominated by argon2id, by design.
 */
export async function sessionsBench(ctx: BenchContext) {
  console.log('\n## Sessions and sign-in');
  const database = connect(await ctx.freshDatabase('bench_sessions'), 10);
  await runMigrations(database.pool);
  const org = await createOrganisation(database.db, { name: 'Bench Org' });
  const users = [];
  for (let i = 0; i < 200; i++) users.push(await createMember(database.db, org.id, { loginId: `bench${i}` }));
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'),
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  await app.ready();

  const tokens: string[] = [];
  await measure(
    'sign-in (argon2id verify + session insert)',
    40,
    async (i) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/login',
        payload: { username: `bench${i % 200}`, password: 'Verdant-test-1' },
      });
      tokens.push(res.json().data.token);
    },
    2,
  );
  const health = await measure(
    'GET /api/health (no auth, SELECT 1)',
    2000,
    () => app.inject({ url: '/api/health' }),
    8,
  );
  const details = await measure(
    'GET /api/current-user/user-details (auth)',
    2000,
    (i) =>
      app.inject({
        url: '/api/current-user/user-details',
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      }),
    8,
  );
  const orgs = await measure(
    'GET /api/current-user/available-orgs (auth)',
    2000,
    (i) =>
      app.inject({
        url: '/api/current-user/available-orgs',
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      }),
    8,
  );
  console.log(`ratio user-details / health: ${(details.perOpMs / health.perOpMs).toFixed(2)}x`);
  console.log(`ratio available-orgs / health: ${(orgs.perOpMs / health.perOpMs).toFixed(2)}x`);
  await app.close();
  await database.close();
}
