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
  if (config.DATABASE_URL) return connect(config.DATABASE_URL);
  const dir = path.join(config.dataDir, 'pg');
  const running = await runningEmbeddedUrl(dir, config.EMBEDDED_PG_PORT, 'verdant');
  if (running) return connect(running);
  if (!startIfStopped) return null;
  const embedded = await startEmbedded({ dir, port: config.EMBEDDED_PG_PORT });
  await ensureDatabase(embedded.url(), 'verdant');
  const database = connect(embedded.url('verdant'));
  return {
    ...database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}
