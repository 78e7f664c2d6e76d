import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText (the graphs’ CSV downloads)', () => {
  it('neutralises a name a spreadsheet would run and keeps negative figures numbers', async () => {
    const text = await csvText([
      ['Month', '=HYPERLINK("x")'],
      ['2026-10', '-12.5'],
    ]);
    expect(text).toBe('Month,"\'=HYPERLINK(""x"")"\n2026-10,-12.5\n');
  });
});
