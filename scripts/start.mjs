// `npm start`: build the web app when its build is missing or older than its sources, then run the API
// (which starts the embedded PostgreSQL, migrates, seeds the demo once and serves everything on one port).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src', 'packages/domain/src']
  .map((p) => path.join(root, p))
  .filter(existsSync)
  .map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs));

if (!existsSync(built) || Math.max(...sources) > statSync(built).mtimeMs) {
  console.log('Building the web app ...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import(path.join(root, 'apps/api/src/main.ts'));
