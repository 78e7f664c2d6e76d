// When a source tree last changed: the newest modification time of a file or of anything under a folder
// (node_modules and dist folders aside). The build scripts compare it with their build's time.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function newest(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(path.join(p, entry.name)));
  }
  return latest;
}
