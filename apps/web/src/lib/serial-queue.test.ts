import { describe, expect, it } from 'vitest';
import { enqueue } from './serial-queue';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('serial queue', () => {
  it('runs tasks of one key in order, even when an earlier one is slower', async () => {
    const order: string[] = [];
    const first = enqueue('user:1', async () => {
      await later(30, null);
      order.push('first');
      return 1;
    });
    const second = enqueue('user:1', async () => {
      order.push('second');
      return 2;
    });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(['first', 'second']);
  });

  it('keeps going after a failure and does not hold up other keys', async () => {
    const order: string[] = [];
    const failing = enqueue('user:2', async () => {
      await later(20, null);
      throw new Error('refused');
    });
    const next = enqueue('user:2', async () => {
      order.push('after failure');
    });
    const other = enqueue('user:3', async () => {
      order.push('other key');
    });
    await expect(failing).rejects.toThrow('refused');
    await Promise.all([next, other]);
    expect(order).toEqual(['other key', 'after failure']);
  });
});
