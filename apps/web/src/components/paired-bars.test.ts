import { describe, expect, it } from 'vitest';
import { nearestSlot, pairedBarsLayout, slotForKey } from './paired-bars';

const format = (v: number) => String(v);

describe('pairedBarsLayout', () => {
  const layout = pairedBarsLayout({
    width: 600,
    height: 272,
    values: [
      [1500, 0, null],
      [3000, 2800, 2400],
    ],
    labelLength: 6,
    format,
  });

  it('puts round ticks from 0 to just above the largest figure', () => {
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000]);
    expect(layout.ticks[0]?.y).toBe(layout.bottom);
    expect(layout.ticks.at(-1)?.y).toBe(layout.top);
    expect(layout.zeroY).toBe(layout.bottom);
  });

  it('draws two bars per slot, in order, each as tall as its figure, and none for a missing figure', () => {
    const [first, , third] = layout.slots;
    const [recent, earlier] = first?.bars ?? [];
    expect(recent && earlier && recent.x < earlier.x).toBe(true);
    expect(earlier?.height).toBeCloseTo(2 * (recent?.height ?? 0), 5);
    expect(earlier?.y).toBeCloseTo(layout.top, 5);
    expect(layout.slots[1]?.bars[0]?.height).toBe(0);
    expect(third?.bars[0]).toBeNull();
    expect(third?.bars[1]).not.toBeNull();
  });

  it('keeps bars at most 18 px wide and inside their slot', () => {
    for (const slot of layout.slots) {
      for (const bar of slot.bars) {
        if (!bar) continue;
        expect(bar.width).toBeLessThanOrEqual(18);
        expect(bar.x).toBeGreaterThanOrEqual(slot.x);
        expect(bar.x + bar.width).toBeLessThanOrEqual(slot.x + slot.width + 1e-9);
      }
    }
  });

  it('starts negative bars at zero and goes down', () => {
    const credit = pairedBarsLayout({
      width: 400,
      height: 200,
      values: [[-100], [300]],
      labelLength: 6,
      format,
    });
    const bar = credit.slots[0]?.bars[0];
    expect(bar?.y).toBeCloseTo(credit.zeroY, 5);
    expect(credit.ticks[0]?.value).toBeLessThan(0);
  });

  it('turns the labels when twelve months do not fit side by side', () => {
    const values: [number[], number[]] = [Array(12).fill(1), Array(12).fill(2)];
    expect(pairedBarsLayout({ width: 1000, height: 272, values, labelLength: 6, format }).turnLabels).toBe(
      false,
    );
    expect(pairedBarsLayout({ width: 340, height: 272, values, labelLength: 6, format }).turnLabels).toBe(
      true,
    );
  });

  it('draws an axis from 0 to 1 when every figure is zero', () => {
    const zero = pairedBarsLayout({ width: 400, height: 200, values: [[0], [0]], labelLength: 6, format });
    expect(zero.ticks[0]?.value).toBe(0);
    expect(zero.ticks.at(-1)?.value).toBe(1);
  });
});

describe('walking the categories', () => {
  it('steps with the arrows, jumps with Home and End, leaves with Escape and ignores other keys', () => {
    expect(slotForKey('ArrowRight', null, 12)).toBe(1);
    expect(slotForKey('ArrowDown', 11, 12)).toBe(11);
    expect(slotForKey('ArrowLeft', 0, 12)).toBe(0);
    expect(slotForKey('ArrowUp', 5, 12)).toBe(4);
    expect(slotForKey('Home', 7, 12)).toBe(0);
    expect(slotForKey('End', 0, 12)).toBe(11);
    expect(slotForKey('Escape', 3, 12)).toBeNull();
    expect(slotForKey('a', 3, 12)).toBeUndefined();
  });

  it('picks the slot whose centre is nearest the pointer', () => {
    const slots = [{ centre: 10 }, { centre: 30 }, { centre: 50 }];
    expect(nearestSlot(slots, 0)).toBe(0);
    expect(nearestSlot(slots, 36)).toBe(1);
    expect(nearestSlot(slots, 90)).toBe(2);
  });
});
