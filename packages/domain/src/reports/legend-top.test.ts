import { describe, expect, it } from 'vitest';
import { topWithOthers } from './legend-top';

describe('the legend top 5 with Others', () => {
  it('keeps the five largest by name and sums the rest (worked by hand)', () => {
    const slices = [
      { name: 'Electricity', value: 41_200 },
      { name: 'Natural gas', value: 18_050.5 },
      { name: 'Diesel', value: 9_800 },
      { name: 'Petrol', value: 6_100 },
      { name: 'Water', value: 420 },
      { name: 'Wastewater', value: 610 },
      { name: 'LPG', value: 1_250.25 },
      { name: 'Refrigerants', value: 90 },
    ];
    // Top five: 41200, 18050.5, 9800, 6100, 1250.25; Others: 610 + 420 + 90 = 1120.
    expect(topWithOthers(slices)).toEqual([
      { name: 'Electricity', value: 41_200 },
      { name: 'Natural gas', value: 18_050.5 },
      { name: 'Diesel', value: 9_800 },
      { name: 'Petrol', value: 6_100 },
      { name: 'LPG', value: 1_250.25 },
      { name: 'Others', value: 1_120 },
    ]);
  });

  it('buckets nothing with six entries or fewer, and counts a negative by its size', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, i) => ({ name, value: i + 1 }));
    expect(topWithOthers(six).map((e) => e.name)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    const seven = [...six, { name: 'offset', value: -10 }];
    const out = topWithOthers(seven);
    expect(out[0]).toEqual({ name: 'offset', value: -10 });
    expect(out.at(-1)).toEqual({ name: 'Others', value: 3 });
  });

  it('leaves blank values out of the sum: Others of only blanks is blank, not 0', () => {
    const list = [1, 2, 3, 4, 5].map((v) => ({ name: `n${v}`, value: v }));
    expect(topWithOthers([...list, { name: 'x', value: null }, { name: 'y', value: null }]).at(-1)).toEqual({
      name: 'Others',
      value: null,
    });
  });
});
