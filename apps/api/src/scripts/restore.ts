// `npm run restore FILE`: brings a fresh installation (a new DATA_DIR, or an empty database for DATABASE_URL)
// back to a backup made by `npm run backup`: the database, at the schema of the backup and then migrated, and
// the uploaded files. It refuses a database or files folder that already holds anything.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { holdsData, loadDatabase } from '@verdant/db/backup';
import * as tar from 'tar';
import { loadConfig } from '../config';
import { ARCHIVE_ROOT } from './archive';
import { openCommandDatabase } from './database';

async function restore() {
  const file = process.argv[2];
  if (!file) throw new Error('Name the archive: npm run restore FILE');
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  const config = loadConfig();
  const files = path.join(config.dataDir, 'files');
  if (existsSync(files) && (await readdir(files)).length > 0) {
    throw new Error(`${files} is not empty: restore into a fresh installation.`);
  }
  const staging = await mkdtemp(path.join(os.tmpdir(), 'verdant-restore-'));
  try {
    await tar.extract({ file, cwd: staging });
    const root = path.join(staging, ARCHIVE_ROOT);
    if (!existsSync(path.join(root, 'db', 'database.json')))
      throw new Error(`${file} is not a Verdant backup.`);
    const database = await openCommandDatabase(config, { startIfStopped: true });
    if (!database) throw new Error('No database found.');
    try {
      if (await holdsData(database.pool)) {
        throw new Error(
          'The database already holds people or organisations: restore into a fresh installation.',
        );
      }
      const manifest = await loadDatabase(database.pool, path.join(root, 'db'));
      if (existsSync(path.join(root, 'files')))
        await cp(path.join(root, 'files'), files, { recursive: true });
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      process.stdout.write(
        `Restored ${manifest.tables.length} tables (${rows} rows) and the files from ${file}\n`,
      );
    } finally {
      await database.close();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

restore().catch((err) => {
  process.stderr.write(`The restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
