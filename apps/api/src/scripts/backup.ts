// `npm run backup [FILE]`: one archive (.tar.gz) with a consistent dump of the database (embedded or DATABASE_URL)
// and the uploaded files. Works while the API runs. Default FILE: backups/verdant-<date>-<time>.tar.gz.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dumpDatabase } from '@verdant/db/backup';
import * as tar from 'tar';
import { loadConfig } from '../config';
import { ARCHIVE_ROOT } from './archive';
import { openCommandDatabase } from './database';

async function backup() {
  const config = loadConfig();
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', `verdant-${stamp}.tar.gz`));
  const database = await openCommandDatabase(config, { startIfStopped: true });
  if (!database) throw new Error('No database found.');
  const staging = await mkdtemp(path.join(os.tmpdir(), 'verdant-backup-'));
  try {
    const root = path.join(staging, ARCHIVE_ROOT);
    await mkdir(path.join(root, 'db'), { recursive: true });
    const manifest = await dumpDatabase(database.pool, path.join(root, 'db'));
    // The files after the database: a file added meanwhile is only an unused extra in the archive.
    const files = path.join(config.dataDir, 'files');
    if (existsSync(files)) await cp(files, path.join(root, 'files'), { recursive: true });
    await writeFile(
      path.join(root, 'backup.json'),
      `${JSON.stringify({ format: 1, createdAt: new Date().toISOString() }, null, 2)}\n`,
    );
    await mkdir(path.dirname(target), { recursive: true });
    await tar.create({ gzip: true, file: target, cwd: staging, portable: true }, [ARCHIVE_ROOT]);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    process.stdout.write(
      `Backed up ${manifest.tables.length} tables (${rows} rows) and the files to ${target}\n`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
    await database.close();
  }
}

backup().catch((err) => {
  process.stderr.write(`The backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
