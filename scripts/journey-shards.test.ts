import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script shared with `npm test`
import { journeyFiles, meanSeconds, planShards, secondsFromLog } from './journey-shards.mjs';

type Shard = { files: string[]; seconds: number };

describe('the journeys in shards of equal time', () => {
  it('puts every file in one shard, the shards within the longest file of each other', () => {
    const seconds = {
      'a.spec.ts': 100,
      'b.spec.ts': 60,
      'c.spec.ts': 50,
      'd.spec.ts': 40,
      'e.spec.ts': 30,
      'f.spec.ts': 20,
    };
    const shards: Shard[] = planShards(Object.keys(seconds), seconds, 2);
    expect(shards.flatMap((s) => s.files).sort()).toEqual(Object.keys(seconds));
    // Longest first to the emptier shard: a (100) | b, c (110) | d to a (140) | e to b, c (140) | f to the first.
    expect(shards.map((s) => s.seconds)).toEqual([160, 140]);
    expect(shards[0]?.files).toEqual(['a.spec.ts', 'd.spec.ts', 'f.spec.ts']);
    for (const shard of shards) expect(shard.files).toEqual([...shard.files].sort());
  });

  it('counts a file the table does not know as its median', () => {
    const shards: Shard[] = planShards(
      ['new.spec.ts', 'a.spec.ts', 'b.spec.ts', 'c.spec.ts'],
      { 'a.spec.ts': 10, 'b.spec.ts': 20, 'c.spec.ts': 30 },
      2,
    );
    expect(shards.map((s) => s.seconds).sort((x, y) => x - y)).toEqual([40, 40]);
    expect(shards.flatMap((s) => s.files)).toContain('new.spec.ts');
  });

  it('plans the same shards for the same files and table', () => {
    const files: string[] = journeyFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(planShards(files, {}, 2)).toEqual(planShards(files, {}, 2));
    expect(planShards(files, {}, 2).map((s: Shard) => s.files.length)).toEqual([
      Math.ceil(files.length / 2),
      Math.floor(files.length / 2),
    ]);
  });

  it('reads first tries from the list reporter, shard marks and colours included', () => {
    const log = [
      '[journeys 1/2]   \x1b[32m✓\x1b[39m  12 apps/web/e2e/fleet.spec.ts:73:1 › a fuel purchase moves the analytics (38.1s)',
      '[journeys 1/2]   ✓  13 apps/web/e2e/fleet.spec.ts:163:1 › Export Transactions by month (1.2m)',
      '[journeys 2/2]   ✘  40 apps/web/e2e/dashboard.spec.ts:67:3 › dashboard overview › all five cells (850ms)',
      '[journeys 2/2]   ✓  41 apps/web/e2e/dashboard.spec.ts:67:3 › dashboard overview › all five cells (retry #1) (9.0s)',
      '[node 24]  ✓ apps/api/src/modules/fleet/fleet.test.ts (12 tests) 2100ms',
    ].join('\n');
    expect(secondsFromLog(log)).toEqual({ 'fleet.spec.ts': 110.1, 'dashboard.spec.ts': 0.9 });
  });

  it("takes each file's mean over the runs that measured it", () => {
    const runs = [
      { 'a.spec.ts': 10, 'b.spec.ts': 3 },
      { 'a.spec.ts': 20 },
      { 'a.spec.ts': 12.5, 'c.spec.ts': 1 },
    ];
    expect(meanSeconds(runs)).toEqual({ 'a.spec.ts': 14.2, 'b.spec.ts': 3, 'c.spec.ts': 1 });
  });
});
