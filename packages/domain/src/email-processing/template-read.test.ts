import { describe, expect, it } from 'vitest';
import { amountOf, dateOf, readWithTemplate, senderMatches } from './template-read';

const bill = `Southern Power Ltd   TAX INVOICE
Demo Organisation
Invoice number   INV-1
Account number   ACC-77
Billing period   2025-12-01 to 2025-12-31
Charges   Amount
Energy charges   $100.00
Daily fixed charges   $20.00
Total excluding GST   $120.00
GST (15%)   $18.00
Total payable   $138.00`;

const patterns = {
  identify: 'Southern Power Ltd',
  account: 'Account number (\\S+)',
  invoiceNumber: 'Invoice number (\\S+)',
  dateFrom: 'Billing period (\\S+) to',
  dateTill: 'Billing period \\S+ to (\\S+)',
  gst: 'GST \\(15%\\) (\\S+)',
  totalPayable: 'Total payable (\\S+)',
  line: '^(?!Total|GST)(.+) (\\$[\\d,.]+)$',
};

describe('reading a bill with a template (worked by hand)', () => {
  it('finds every field and the two lines, which with GST make the total', () => {
    const read = readWithTemplate(bill, patterns);
    expect(read.found.account).toBe('ACC-77');
    expect(read.lines).toEqual([
      { description: 'Energy charges', amount: '100.00' },
      { description: 'Daily fixed charges', amount: '20.00' },
    ]);
    expect(read.missing).toEqual([]);
    expect(read.totalsAddUp).toBe(true);
  });
  it('says when the totals do not add up and which required field is missing', () => {
    const read = readWithTemplate(bill.replace('$138.00', '$139.00').replace('Account', 'Acct'), patterns);
    expect(read.totalsAddUp).toBe(false);
    expect(read.missing).toEqual(['account']);
  });
  it('names a pattern that is not a regular expression', () => {
    expect(readWithTemplate(bill, { ...patterns, gst: '(' }).invalid[0]?.field).toBe('gst');
  });
  it('reads amounts and dates as printed', () => {
    expect(amountOf('$1,234.5')).toBe('1234.50');
    expect(amountOf('abc')).toBeNull();
    expect(dateOf('5/1/2026')).toBe('2026-01-05');
  });
  it('matches senders by address or domain', () => {
    expect(senderMatches('Bills@Southern.example', ['@southern.example'])).toBe(true);
    expect(senderMatches('x@evil.example', ['@southern.example', 'a@b.c'])).toBe(false);
  });
});
