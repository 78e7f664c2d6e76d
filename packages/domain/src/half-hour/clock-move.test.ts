import { describe, expect, it } from 'vitest';
import { isIanaZone, moveDays, type StoredDay, slotShift } from './clock-move';

const day = (date: string, values: Record<number, number>, quality: string | null = null): StoredDay => ({
  register: 0,
  date,
  kwh: Array.from({ length: 48 }, (_, i) => values[i] ?? null),
  kw: null,
  pf: null,
  quality,
  parts: null,
});

describe('moving half hours to another clock', () => {
  it('takes zones of the IANA list only', () => {
    expect(isIanaZone('Australia/Sydney')).toBe(true);
    expect(isIanaZone('Pacific/Auckland')).toBe(true);
    expect(isIanaZone('UTC')).toBe(true);
    for (const bad of ['AEST', 'Mars/Olympus', 'australia/sydney', '', '+10:00'])
      expect(isIanaZone(bad)).toBe(false);
  });

  it("moves by the difference of the two standard clocks, a half hour's part refused", () => {
    // New Zealand standard time is UTC+12, eastern Australia's UTC+10: two hours, four half hours, earlier.
    expect(slotShift('Pacific/Auckland', 'Australia/Sydney', 2026)).toBe(-4);
    expect(slotShift('Australia/Sydney', 'Pacific/Auckland', 2026)).toBe(4);
    // Adelaide is UTC+9:30: three half hours from Sydney; the Chatham Islands are UTC+12:45.
    expect(slotShift('Australia/Sydney', 'Australia/Adelaide', 2026)).toBe(-1);
    expect(slotShift('Pacific/Auckland', 'Pacific/Chatham', 2026)).toBeNull();
  });

  it('moves each half hour with its quality, across midnight into the day before, keeping no empty day', () => {
    const moved = moveDays([day('2026-07-02', { 0: 1, 3: 2, 10: 3 }, `E${' '.repeat(47)}`)], () => -4);
    expect(moved.map((d) => d.date)).toEqual(['2026-07-01', '2026-07-02']);
    expect(moved[0]?.kwh.slice(44)).toEqual([1, null, null, 2]);
    expect(moved[0]?.quality?.slice(44)).toBe('E  A');
    expect(moved[1]?.kwh[6]).toBe(3);
    expect(moved[1]?.quality).toBeNull();
    // Moving back gives the day as it was.
    const back = moveDays(moved, () => 4);
    expect(back).toHaveLength(1);
    expect(back[0]?.kwh).toEqual(day('2026-07-02', { 0: 1, 3: 2, 10: 3 }).kwh);
  });

  it('carries demand, power factor and a partial half hour to its new slot', () => {
    const d: StoredDay = {
      ...day('2026-01-10', { 47: 5 }),
      kw: Array.from({ length: 48 }, (_, i) => (i === 47 ? 9 : null)),
      parts: { '47': [0x7fff, 'A'] },
    };
    const [moved] = moveDays([d], () => 2);
    expect(moved?.date).toBe('2026-01-11');
    expect(moved?.kwh[1]).toBe(5);
    expect(moved?.kw?.[1]).toBe(9);
    expect(moved?.parts).toEqual({ '1': [0x7fff, 'A'] });
  });
});
