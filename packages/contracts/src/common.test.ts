import { describe, expect, it } from 'vitest';
import { idNumber, int4Param, nameText } from './common';

describe('numbers in paths and queries', () => {
  it('reads plain digits only', () => {
    expect(idNumber().parse('12')).toBe(12);
    expect(idNumber().parse(12)).toBe(12);
    expect(int4Param().parse('-5')).toBe(-5);
    for (const text of [' 1', '1 ', '0x10', '1e3', '1.0', '+1', '', '١٢', '1_000'])
      expect(idNumber().safeParse(text).success, JSON.stringify(text)).toBe(false);
  });

  it('keeps the bounds', () => {
    expect(int4Param({ min: 1, max: 12 }).safeParse('13').success).toBe(false);
    expect(int4Param({ min: 0 }).parse('0')).toBe(0);
    expect(idNumber().safeParse('0').success).toBe(false);
    expect(idNumber().safeParse('2147483648').success).toBe(false);
  });
});

describe('nameText', () => {
  it('refuses what disguises a name and keeps every script', () => {
    for (const name of ['Safe\u202Egnp.exe', 'a\u200Bb', 'x\u2067y\u2069', '\uFEFFBom', 'r\u200Fl'])
      expect(nameText().safeParse(name).success, JSON.stringify(name)).toBe(false);
    for (const name of ['Ōtautahi Depot', 'مدرسة', 'שלום', 'Café 東京', 'Site-1 (old)'])
      expect(nameText().parse(name)).toBe(name);
  });
});
