import path from 'node:path';
import { connect, type Database } from '@verdant/db/client';
import { ensureDatabase, runningEmbeddedUrl, startEmbedded } from '@verdant/db/embedded';
import type { Config } from '../config';

/**
 * The portal's database for a command run beside the API: DATABASE_URL, else the embedded server the API
 * is running, else (when `startIfStopped`) the embedded server started for the command and stopped after.
 */
export async function openCommandDatabase(
  config: Config,
  { startIfStopped }: { startIfStopped: boolean },
): Promise<Database | null> {
  if (config.DATABASE_URL) return connect(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  // The same server and password file as main.ts.
  const server = {
    dir: path.join(config.dataDir, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    passwordFile: path.join(config.dataDir, 'pg-password'),
  };
  const running = await runningEmbeddedUrl(server, 'verdant');
  if (running) return connect(running, config.DATABASE_POOL_SIZE);
  if (!startIfStopped) return null;
  const embedded = await startEmbedded(server);
  await ensureDatabase(embedded.url(), 'verdant');
  const database = connect(embedded.url('verdant'), config.DATABASE_POOL_SIZE);
  return {
    ...database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}
