// Writes the sample import files from samples.ts: node --import tsx packages/db/src/demo-imports/write-samples.ts
import { writeFile } from 'node:fs/promises';
import { SAMPLES, sampleFilePath } from './samples';

for (const [name, write] of Object.entries(SAMPLES)) {
  await writeFile(sampleFilePath(name), write());
  console.log(`wrote ${name}`);
}
