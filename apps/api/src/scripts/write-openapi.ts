import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openapiDocument } from './openapi-document';

const target = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
await writeFile(target, await openapiDocument());
process.stdout.write(`Wrote ${target}\n`);
