// `npm start`: build the web app and the API if needed, then run the compiled API, which starts the embedded
// PostgreSQL (unless DATABASE_URL is set), migrates, loads the demo once and serves the API and the web app on
// one port.
import path from 'node:path';
import { API_DIST, buildApiIfStale } from './build-api.mjs';
import { buildWebIfStale, root } from './build-web.mjs';

buildWebIfStale();
await buildApiIfStale();
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(path.join(API_DIST, 'main.js'));
