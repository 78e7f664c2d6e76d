// Builds the web app when its build is missing or older than any of its sources.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './newest.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(path.resolve(root, 'apps/web', process.env.WEB_DIST ?? 'dist'), 'index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
  'packages/domain/src',
];

export function buildWebIfStale() {
  const sources = SOURCES.map((p) => path.join(root, p)).filter(existsSync);
  const latest = Math.max(...sources.map(newest));
  if (existsSync(built) && latest <= statSync(built).mtimeMs) return false;
  console.log('Building the web app ...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  return true;
}
