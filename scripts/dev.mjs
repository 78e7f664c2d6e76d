// `npm run dev`: development mode. One long-lived embedded PostgreSQL (data in DATA_DIR/pg, as `npm start`)
// stays up while the API restarts on every change (tsx watch) and the web app reloads in place (Vite, hot module
// replacement) at http://localhost:5173, which forwards /api to the API on PORT (3000). Ctrl-C stops all three.
// With DATABASE_URL set, that server is used instead of the embedded one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDatabase, startEmbedded } from '../packages/db/src/embedded.ts';
import { root } from './build-web.mjs';

const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
let embedded;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log(`Starting the embedded PostgreSQL server (data in ${path.join(dataDir, 'pg')}) ...`);
  embedded = await startEmbedded({
    dir: path.join(dataDir, 'pg'),
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    passwordFile: path.join(dataDir, 'pg-password'),
    log: (line) => /FATAL|orphaned|stale|password/.test(line) && console.log(line),
  });
  await ensureDatabase(embedded.url(), 'verdant');
  databaseUrl = embedded.url('verdant');
}

const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, env, stdio: 'inherit' }),
];

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.once('exit', () => void stop());
