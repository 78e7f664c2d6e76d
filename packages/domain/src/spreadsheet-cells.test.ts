import { describe, expect, it } from 'vitest';
import { safeCell } from './spreadsheet-cells';

describe('safeCell', () => {
  it('neutralises text a spreadsheet would run', () => {
    for (const text of ['=HYPERLINK("x")', '@SUM(A1)', '+cmd', '-2+3', '\tx', '\rx', '＝1+1', '-', '+'])
      expect(safeCell(text)).toBe(`'${text}`);
  });

  it('keeps numbers numbers, and other text as it is', () => {
    for (const value of [-12.5, 0, 3, null, undefined, true]) expect(safeCell(value)).toBe(value);
    for (const text of ['-12.50', '+1,234.5', '-1e3', '-0', 'Main = site', 'a-b', '', "'quoted"])
      expect(safeCell(text)).toBe(text);
  });
});
