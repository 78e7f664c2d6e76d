// `npm start`: build the web app if needed, then run the API, which starts the embedded PostgreSQL (unless
// DATABASE_URL is set), migrates, loads the demo once and serves the API and the web app on one port.
import path from 'node:path';
import { buildWebIfStale, root } from './build-web.mjs';

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import(path.join(root, 'apps/api/src/main.ts'));
