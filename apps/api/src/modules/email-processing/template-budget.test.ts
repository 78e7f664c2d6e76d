import { describe, expect, it } from 'vitest';
import { boundedRead, boundedRecognises, TIMED_OUT } from './template-budget';

const bill = 'Meridian Energy\nInvoice number INV-7\n(account A-1)\nTotal payable $115.00';
// Nested quantifiers on a line of 'a's with no way to match: exponential backtracking in a plain RegExp.
const runaway = `${'a'.repeat(40)}!`;

describe('a template under its time budget', () => {
  it('reads fields as the template says', () => {
    const read = boundedRead(bill, {
      invoiceNumber: 'Invoice number (\\S+)',
      totalPayable: 'Total payable (\\S+)',
    });
    expect(read.timedOut).toBe(false);
    expect(read.found).toEqual({ invoiceNumber: 'INV-7', totalPayable: '$115.00' });
    expect(boundedRecognises({ senders: [], patterns: { identify: 'Meridian' } }, 'x@y.test', bill)).toBe(
      true,
    );
  });

  it('stops a pattern that backtracks without end, finds nothing and says why', () => {
    const read = boundedRead(runaway, { account: '^(a+)+$', invoiceNumber: '(\\S+)' });
    expect(read.timedOut).toBe(true);
    expect(read.found).toEqual({});
    expect(read.invalid).toEqual([{ field: 'patterns', error: TIMED_OUT }]);
    expect(boundedRecognises({ senders: [], patterns: { identify: '^(a+)+$' } }, 'x@y.test', runaway)).toBe(
      false,
    );
  });
});
