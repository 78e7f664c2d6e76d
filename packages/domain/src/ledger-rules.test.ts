import { describe, expect, it } from 'vitest';
import { checkInvoice, checkRegister, checkUnit } from './ledger-rules';

const row = (meterId: number, sharing: number | null) => ({
  meterId,
  multiplier: 1,
  sharing,
  consumption: 100,
  conversionToStandard: 1,
});

describe('bad ledger input is refused with a clear message', () => {
  const january = { id: 7, from: '2024-01-01', till: '2024-01-31', meterIds: [1] };

  it('refuses a reversal over a period with no invoices of its meters', () => {
    const reversal = {
      from: '2024-03-01',
      till: '2024-03-31',
      kind: 'reversal' as const,
      reverses: [],
      meters: [row(1, null)],
    };
    expect(checkInvoice(reversal, [january])).toBe(
      'There is no invoice for these meters between 2024-03-01 and 2024-03-31 for this reversal to reverse.',
    );
    // Another meter's invoice in the period does not count either.
    expect(
      checkInvoice({ ...reversal, meters: [row(2, null)] }, [
        { ...january, from: '2024-03-01', till: '2024-03-31' },
      ]),
    ).not.toBeNull();
    expect(checkInvoice({ ...reversal, from: '2024-01-15', reverses: [7] }, [january])).toBeNull();
    expect(checkInvoice({ ...reversal, from: '2024-01-15', reverses: [8] }, [january])).toBe(
      'Invoice 8 is not one of these meters’ invoices in the reversed period.',
    );
  });

  it('refuses sharing that sums past 100%', () => {
    const doc = {
      from: '2024-01-01',
      till: '2024-01-31',
      kind: 'normal' as const,
      reverses: [],
      meters: [row(1, 60), row(2, 50)],
    };
    expect(checkInvoice(doc, [])).toBe(
      'The sharing of an invoice’s meters adds up to 110%; it cannot be more than 100%.',
    );
    expect(checkInvoice({ ...doc, meters: [row(1, 60), row(2, 40)] }, [])).toBeNull();
    expect(checkInvoice({ ...doc, meters: [row(1, -5)] }, [])).toBe('A sharing must be between 0% and 100%.');
  });

  it('refuses a unit of another data type, for an input or a meter', () => {
    expect(
      checkUnit({ name: 'litres', dataTypeId: 5, dataTypeName: 'Diesel' }, { id: 1, name: 'Electricity' }),
    ).toBe('The unit litres belongs to Diesel, not to this data source’s Electricity.');
    expect(checkUnit({ name: 'MWh', dataTypeId: 1 }, { id: 1 })).toBeNull();
  });

  it('refuses a register of unknown direction or quantity', () => {
    expect(checkRegister({ register: 2, direction: 'sideways', quantity: 'kWh' })).toBe(
      'Register 2 has an unknown direction sideways: use import or export.',
    );
    expect(checkRegister({ register: 2, direction: 'export', quantity: 'MJ' })).toBe(
      'Register 2 has an unknown quantity MJ: use kWh or kVArh.',
    );
    expect(checkRegister({ register: 1, direction: 'import', quantity: 'kWh' })).toBeNull();
  });
});
