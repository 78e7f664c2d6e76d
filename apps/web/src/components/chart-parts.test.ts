import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The feature folder (or the shared component file) a source file belongs to. */
const ownerOf = (file: string) => {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel[0] === 'features' ? rel.slice(0, 2).join('/') : rel.join('/');
};

describe('ECharts registration, per route', () => {
  it('is done by every feature that draws a chart, since components/chart.tsx registers only the renderer', () => {
    const all = files(SRC);
    const drawing = all.filter((f) =>
      /import \{[^}]*\bChart\b[^}]*\} from '[./]*(components\/)?chart'/.test(readFileSync(f, 'utf8')),
    );
    const registering = new Set(
      all.filter((f) => readFileSync(f, 'utf8').includes('registerChartParts([')).map(ownerOf),
    );
    expect(drawing.length).toBeGreaterThan(0);
    expect(drawing.map(ownerOf).filter((owner) => !registering.has(owner))).toEqual([]);
  });
});
