// `npm start`: build the web app and the API if needed, then run the compiled API, which starts the embedded
// PostgreSQL (unless DATABASE_URL is set), migrates, loads the demo once and serves the API and the web app on
// one port. `node scripts/start.mjs <program> [arguments]` runs another compiled program of the API the same
// way (worker, backup, restore, ledger-rebuild).
import path from 'node:path';
import { API_DIST, buildApiIfStale } from './build-api.mjs';
import { buildWebIfStale, root } from './build-web.mjs';

const program = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv[2] : 'main';
if (program === 'main') buildWebIfStale();
await buildApiIfStale();
const entry = path.join(API_DIST, `${program}.js`);
// The program sees its own arguments, as when run directly.
process.argv.splice(1, program === process.argv[2] ? 2 : 1, entry);
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(entry);
