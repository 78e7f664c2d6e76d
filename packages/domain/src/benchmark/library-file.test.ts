import { describe, expect, it } from 'vitest';
import { checkDegreeDayFile, checkSetFile, type FileRecord, problemsMessage } from './library-file';

const records = (text: string): FileRecord[] =>
  text
    .trim()
    .split('\n')
    .map((line, i) => ({ line: i + 1, fields: line.split(';') }));
const HEADER = 'type_key;type_name;unit;total;electricity;fossil;publication;secondary';

describe('a benchmark set file', () => {
  it('reads types in one known unit, empty figures as none', () => {
    const r = checkSetFile(
      records(`${HEADER}\ngeneral-office;General office;kWh/m2;;95;120;T1;yes`),
      'electricity-fossil',
    );
    expect(r).toEqual({
      ok: true,
      value: {
        unit: 'kWh/m2',
        values: [
          expect.objectContaining({
            typeKey: 'general-office',
            total: null,
            electricity: 95,
            fossil: 120,
            secondary: true,
          }),
        ],
      },
    });
  });

  it('names every problem by row: unit, mixed unit, negative, twice, missing figure', () => {
    const r = checkSetFile(
      records(
        `${HEADER}\na;A;kWh/m2;1;;;T;no\nb;B;MJ/m2;2;;;T;no\nc;C;BTU;3;;;T;no\nd;D;kWh/m2;-1;;;T;no\na;A2;kWh/m2;1;;;T;no\ne;E;kWh/m2;;;;T;no`,
      ),
      'site-energy',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      "Row 3: the unit 'MJ/m2' differs from the set's 'kWh/m2' (a set is published in one unit)",
      "Row 4: the unit 'BTU' is not one the benchmark library knows (kWh/m2, kBtu/ft2, MJ/m2, GJ/m2)",
      'Row 5: total cannot be negative',
      "Row 6: the type 'a' is listed twice",
      'Row 7: give the total',
    ]);
    expect(problemsMessage(r.problems)).toBe(
      "Row 3: the unit 'MJ/m2' differs from the set's 'kWh/m2' (a set is published in one unit) (and 4 more problems)",
    );
  });
});

describe('a degree-day file', () => {
  it('takes months over before the current one, each once', () => {
    expect(checkDegreeDayFile(records('month;hdd\n2026-09;180\n2026-10;0'), '2026-11-01')).toEqual({
      ok: true,
      value: [
        { month: '2026-09-01', hdd: 180 },
        { month: '2026-10-01', hdd: 0 },
      ],
    });
    const bad = checkDegreeDayFile(records('month;hdd\n1999-12;5\n2026-11;5\n2026-09;x'), '2026-11-01');
    expect(bad.ok ? [] : bad.problems).toEqual([
      'Row 2: degree days start from 2000',
      'Row 3: the month 2026-11 is not over yet',
      "Row 4: hdd 'x' is not a number",
    ]);
  });
});
