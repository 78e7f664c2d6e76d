import { describe, expect, it } from 'vitest';
import { readUntil, until } from './until';

describe('waiting in tests', () => {
  it('answers the first reading that is done, having asked until then', async () => {
    let reads = 0;
    const job = await readUntil(
      () => ({ status: ++reads < 3 ? 'running' : 'finished', reads }),
      (j) => j.status === 'finished',
      'the job finished',
    );
    expect(job).toEqual({ status: 'finished', reads: 3 });
  });

  it('fails naming what never happened and the last reading', async () => {
    await expect(
      readUntil(
        () => ({ status: 'running' }),
        () => false,
        'the job finished',
        120,
      ),
    ).rejects.toThrow('timed out waiting until the job finished; last read: {"status":"running"}');
    await expect(until(() => false, 'the queue emptied', 120)).rejects.toThrow(
      /^timed out waiting until the queue emptied$/,
    );
  });
});
