import { describe, expect, it } from 'vitest';
import {
  accountErrors,
  combinedAccountErrors,
  defaultWaterNames,
  formatIcpInput,
  icpChecksum,
  icpValid,
  icpWellFormed,
  icpWithChecksum,
  meteringErrors,
  meterTypesFor,
  type NewMeterDraft,
  namingErrors,
  newMeterErrors,
  normaliseIcp,
  overviewErrors,
  retailerSupplies,
  suggestMeterName,
  supplyOf,
  waterMeterNumbers,
} from './meter-creation';

const draft = (over: Partial<NewMeterDraft> = {}): NewMeterDraft => ({
  site: 1,
  energy: 13,
  grouping: 'Electricity',
  reporting: 'ORGANISATION',
  level: 'STANDARD',
  openDate: '2026-01-01',
  icp: '0000012345NT-726',
  landlord: '',
  unit: 1,
  outputUnit: 1,
  meterType: 2,
  retailer: 4,
  nonRetailer: false,
  name: 'Main supply',
  ...over,
});

describe('ICP typing', () => {
  it('uppercases, keeps letters and digits, inserts one hyphen after 12 characters, stops at 16', () => {
    expect(formatIcpInput('0000012345nt')).toBe('0000012345NT');
    expect(formatIcpInput('0000012345nt7')).toBe('0000012345NT-7');
    expect(formatIcpInput('0000012345NT-726')).toBe('0000012345NT-726');
    expect(formatIcpInput(' 00000-12345 nt 72 6 99')).toBe('0000012345NT-726');
    expect(formatIcpInput('0000012345NT--7!2@6')).toBe('0000012345NT-726');
    expect(formatIcpInput('0000012345NT-7269')).toHaveLength(16);
  });
});

describe('ICP check characters (CRC-12, polynomial 0x80F)', () => {
  // Worked by hand over the bits of the ASCII codes, and by a second implementation of the same division.
  it.each([
    ['0000012345NT', '726'],
    ['0001427780UN', '605'],
    ['1001145627UN', 'A50'],
    ['0000000001TR', '87B'],
  ])('%s has check characters %s', (body, check) => {
    expect(icpChecksum(body)).toBe(check);
    expect(icpWithChecksum(body)).toBe(`${body}-${check}`);
    expect(icpValid(`${body}-${check}`)).toBe(true);
  });

  it('accepts a real published ICP, written with or without its hyphen', () => {
    // PowerNet's ICP search page gives 680207NV1F0 as an example (leading zeros left off): 0000680207NV1F0.
    expect(icpChecksum('0000680207NV')).toBe('1F0');
    expect(normaliseIcp('0000680207nv1f0')).toBe('0000680207NV-1F0');
    expect(icpValid(normaliseIcp('0000680207NV1F0'))).toBe(true);
    expect(icpValid('0000680207NV-1F1')).toBe(false);
  });

  it('refuses a wrong check, a wrong shape, lowercase and the wrong length', () => {
    expect(icpValid('0000012345NT-727')).toBe(false);
    expect(icpWellFormed('0000012345NT-727')).toBe(true);
    expect(icpValid('0000012345NT726')).toBe(false);
    expect(icpValid('0000012345nt-726')).toBe(false);
    expect(icpValid('00000123456T-726')).toBe(false);
    expect(icpValid('0000012345NT-72')).toBe(false);
    expect(icpValid('')).toBe(false);
  });
});

describe('what each activity and situation needs', () => {
  it('asks an ICP and a retailer of a standard electricity or gas supply only', () => {
    expect(accountErrors(draft({ icp: '0000012345NT-727' }))).toEqual({ icp: 'ICP number is not valid' });
    expect(accountErrors(draft({ grouping: 'Natural gas', icp: '' }))).toEqual({
      icp: 'ICP number is not valid',
    });
    expect(accountErrors(draft({ level: 'CHECK', icp: '' }))).toEqual({});
    expect(accountErrors(draft({ level: 'OFFSHORE', icp: '' }))).toEqual({});
    expect(meteringErrors(draft({ retailer: null }))).toEqual({ retailer: 'Choose a retailer' });
    expect(meteringErrors(draft({ retailer: null, nonRetailer: true }))).toEqual({});
    expect(meteringErrors(draft({ retailer: null, grouping: 'Water', meterType: 2 }))).toEqual({});
  });

  it('asks a landlord name for a landlord supply and an account number for water', () => {
    expect(accountErrors(draft({ level: 'LANDLORD', landlord: '  ', icp: '' }))).toEqual({
      landlord: 'Landlord name is required',
    });
    expect(accountErrors(draft({ grouping: 'Water', icp: ' ' }))).toEqual({
      icp: 'Account number is required',
    });
    expect(accountErrors(draft({ grouping: 'Water', icp: 'WA-1001' }))).toEqual({});
    expect(accountErrors(draft({ openDate: null }))).toEqual({ openDate: 'Open date is required' });
    expect(accountErrors(draft({ openDate: '01/02/2026' }))).toEqual({ openDate: 'Open date is required' });
  });

  it('offers meter types by supply and level, and refuses others', () => {
    expect(meterTypesFor(supplyOf('Electricity'), 'STANDARD')).toEqual([1, 2, 3, 4, 5, 8]);
    expect(meterTypesFor(supplyOf('Electricity'), 'CHECK')).toEqual([2, 6, 8]);
    expect(meterTypesFor(supplyOf('Water'), 'STANDARD')).toEqual([2, 4, 5, 8]);
    expect(meterTypesFor(supplyOf('Diesel'), 'STANDARD')).toEqual([2, 7, 8, 9]);
    expect(meterTypesFor(supplyOf('Emissions'), 'CHECK')).toEqual([8]);
    expect(meteringErrors(draft({ meterType: 6 }))).toEqual({
      meterType: 'That meter type does not suit this activity and level',
    });
    expect(meteringErrors(draft({ unit: null, outputUnit: null, meterType: null }))).toEqual({
      unit: 'Choose a unit',
      outputUnit: 'Choose a unit for reporting',
      meterType: 'Choose a meter type',
    });
  });

  it('needs site, activity and reporting first, and a name of at least 3 characters last', () => {
    expect(overviewErrors(draft({ site: null, energy: null, reporting: null }))).toEqual({
      site: 'Choose a site',
      energy: 'Choose an activity',
      reporting: 'Choose a reporting source',
    });
    expect(namingErrors(draft({ name: ' ab ' }))).toEqual({ name: 'Name must be at least 3 characters' });
    expect(namingErrors(draft({ name: 'abc' }))).toEqual({});
    expect(newMeterErrors(draft())).toEqual({});
  });
});

describe('retailers offered', () => {
  it('offers electricity retailers for electricity, gas ones for gas, all for other activities', () => {
    expect(retailerSupplies('Electricity', 'electricity')).toBe(true);
    expect(retailerSupplies('Electricity and gas', 'gas')).toBe(true);
    expect(retailerSupplies('Electricity', 'gas')).toBe(false);
    expect(retailerSupplies('Water', 'electricity')).toBe(false);
    expect(retailerSupplies('LPG', 'fuel')).toBe(true);
    expect(retailerSupplies('Water', 'other')).toBe(true);
  });
});

describe('suggested names', () => {
  it('uses the address when known, else site, activity and account; cut to 70 characters', () => {
    expect(suggestMeterName({ address: '12 Main Road, Upper Hutt', siteName: 'Depot' })).toBe(
      '12 Main Road, Upper Hutt',
    );
    expect(
      suggestMeterName({ siteName: 'Depot', activity: 'Electricity', account: '0000012345NT-726' }),
    ).toBe('Depot Electricity 0000012345NT-726');
    expect(suggestMeterName({ siteName: 'Depot', activity: 'Natural gas' })).toBe('Depot Natural gas');
    const long = suggestMeterName({ address: 'x'.repeat(100) });
    expect(long).toHaveLength(70);
  });
});

describe('combined water/wastewater account', () => {
  it('suffixes equal numbers (W) and (WW) with a notice, leaves different ones alone', () => {
    expect(waterMeterNumbers('M123', 'M123')).toEqual({
      water: 'M123 (W)',
      wastewater: 'M123 (WW)',
      notice: 'The two meter numbers are the same, so they are saved as M123 (W) and M123 (WW).',
    });
    expect(waterMeterNumbers(' M123 ', 'M124')).toEqual({ water: 'M123', wastewater: 'M124', notice: null });
  });

  it('derives default names from the account and requires every field', () => {
    expect(defaultWaterNames(' 4455 ')).toEqual({ water: '4455 - Water', wastewater: '4455 - Wastewater' });
    expect(
      combinedAccountErrors({
        site: null,
        account: '',
        waterMeterName: '',
        waterMeterNumber: '',
        wastewaterMeterName: '',
        wastewaterMeterNumber: ' ',
        openDate: null,
        reporting: null,
      }),
    ).toEqual({
      site: 'Choose a site',
      account: 'Account is required',
      waterMeterName: 'Water meter name is required',
      waterMeterNumber: 'Water meter number is required',
      wastewaterMeterName: 'Wastewater meter name is required',
      wastewaterMeterNumber: 'Wastewater meter number is required',
      openDate: 'Open date is required',
      reporting: 'Choose a reporting source',
    });
  });
});
