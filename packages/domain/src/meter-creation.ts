import { ICP_LENGTH, METER_NAME_MIN, METER_NAME_SUGGESTION_MAX } from './constants';
import { fill, MSG } from './messages';

/**
 * The rules of the New Meter wizard and of the combined water/wastewater account (data-portal spec section 5),
 * shared by the web form and the API so both refuse the same things with the same words.
 */

export const SITUATIONS = ['STANDARD', 'CHECK', 'OFFSHORE', 'LANDLORD'] as const;
export type Situation = (typeof SITUATIONS)[number];
export const SITUATION_LABELS: Record<Situation, string> = {
  STANDARD: 'Standard supply',
  CHECK: 'Check meter (submeter)',
  OFFSHORE: 'Offshore supply',
  LANDLORD: 'Landlord supply',
};

export const REPORTING_SOURCES = ['ORGANISATION', 'ASSOCIATED', 'CONTRACTOR', 'UNREPORTED'] as const;
export type ReportingSource = (typeof REPORTING_SOURCES)[number];
export const REPORTING_SOURCE_LABELS: Record<ReportingSource, string> = {
  ORGANISATION: 'Organisation',
  ASSOCIATED: 'Associated',
  CONTRACTOR: 'Contractor',
  UNREPORTED: 'Unreported',
};
/** The reporting sources as choices of a select, labelled. */
export const REPORTING_SOURCE_OPTIONS = REPORTING_SOURCES.map((s) => ({
  value: s,
  label: REPORTING_SOURCE_LABELS[s],
}));

/** A check meter is level 2 (submeter); every other situation is a level 1 (retail) supply. */
export const meterLevelOf = (situation: Situation) => (situation === 'CHECK' ? 2 : 1);

// ---- ICP -------------------------------------------------------------------------------------------------

const ICP_BODY = 12;

/**
 * What the ICP box shows for the text typed: uppercased, letters and digits only, one hyphen after the 12th
 * character, at most 16 characters.
 */
export function formatIcpInput(text: string): string {
  const plain = text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, ICP_LENGTH - 1);
  return plain.length > ICP_BODY ? `${plain.slice(0, ICP_BODY)}-${plain.slice(ICP_BODY)}` : plain;
}

/**
 * The registry's check characters of an ICP: a CRC-12 (polynomial 0x80F) over the 12 characters of its body,
 * each read as an 8-bit code most significant bit first, followed by 12 zero bits; written as 3 hexadecimal
 * digits.
 */
export function icpChecksum(body: string): string {
  const bytes = [...body.slice(0, ICP_BODY)].map((c) => c.charCodeAt(0) & 0xff);
  bytes.push(0, 0);
  let r = 0;
  for (let bit = 0; bit < ICP_BODY * 8 + 12; bit++) {
    const input = ((bytes[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1;
    r = (r << 1) | input;
    if (r & 0x1000) r ^= 0x180f;
  }
  return r.toString(16).toUpperCase().padStart(3, '0');
}

/** A whole ICP from its 12-character body: the body, a hyphen and the check characters. */
export const icpWithChecksum = (body: string) => `${body}-${icpChecksum(body)}`;

/** An ICP as sent: trimmed, uppercased, and given its hyphen when written without one (15 characters). */
export function normaliseIcp(text: string): string {
  const raw = text.trim().toUpperCase();
  return /^[0-9A-Z]{15}$/.test(raw) ? formatIcpInput(raw) : raw;
}

const ICP_FORMAT = /^\d{10}[A-Z]{2}-[0-9A-Z]{3}$/;

/** Whether an ICP is written right (ten digits, the network's two letters, a hyphen, three check characters). */
export const icpWellFormed = (icp: string) => icp.length === ICP_LENGTH && ICP_FORMAT.test(icp);

/** Whether an ICP is well formed and its check characters match its body. */
export const icpValid = (icp: string) =>
  icpWellFormed(icp) && icp.slice(ICP_BODY + 1) === icpChecksum(icp.slice(0, ICP_BODY));

// ---- What a meter needs, by activity and situation -------------------------------------------------------

export type Supply = 'electricity' | 'gas' | 'water' | 'fuel' | 'other';

/** The kind of supply an activity (data type) is, from its grouping in the catalogue. */
export function supplyOf(grouping: string | null | undefined): Supply {
  const g = (grouping ?? '').toLowerCase();
  if (g === 'electricity') return 'electricity';
  if (g === 'natural gas') return 'gas';
  if (g === 'water') return 'water';
  if (['diesel', 'petrol', 'lpg', 'biofuels'].includes(g)) return 'fuel';
  return 'other';
}

const gridSupply = (supply: Supply) => supply === 'electricity' || supply === 'gas';

/** What each kind of supply buys from: the retailer types (lookups/retailers) offered for it; null offers all. */
const RETAILER_TYPES: Record<Supply, readonly string[] | null> = {
  electricity: ['Electricity', 'Electricity and gas'],
  gas: ['Natural gas', 'Electricity and gas'],
  water: ['Water'],
  fuel: ['Fuel', 'LPG'],
  other: null,
};

/** Whether a retailer of this type is offered for the supply. */
export const retailerSupplies = (retailerType: string, supply: Supply) =>
  RETAILER_TYPES[supply]?.includes(retailerType) ?? true;

/** An ICP is needed for a standard supply of electricity or gas. */
export const needsIcp = (supply: Supply, situation: Situation) =>
  situation === 'STANDARD' && gridSupply(supply);

/** A retailer is needed for a standard supply of electricity or gas, unless it is bought from no retailer. */
export const needsRetailer = (supply: Supply, situation: Situation, nonRetailer = false) =>
  situation === 'STANDARD' && gridSupply(supply) && !nonRetailer;

/** Water accounts (water supply and wastewater) need an account number; check meters have none. */
export const needsAccountNumber = (supply: Supply, situation: Situation) =>
  supply === 'water' && situation !== 'CHECK';

export const needsLandlord = (situation: Situation) => situation === 'LANDLORD';

/**
 * The meter types offered for an activity at a level (situation). Unmetered consumption only (8), figures
 * entered by hand, is offered for every supply, so a supply read by a caretaker or reported from dockets counts
 * in totals (docs/decisions/new-meter.md, "`level` is the situation").
 */
export function meterTypesFor(supply: Supply, situation: Situation): number[] {
  const check = situation === 'CHECK';
  switch (supply) {
    case 'electricity':
      return check ? [2, 6, 8] : [1, 2, 3, 4, 5, 8];
    case 'gas':
      return check ? [2, 8] : [1, 2, 4, 5, 8];
    case 'water':
      return check ? [2, 8] : [2, 4, 5, 8];
    case 'fuel':
      return check ? [8] : [2, 7, 8, 9];
    default:
      return check ? [8] : [2, 7, 8, 9];
  }
}

// ---- The wizard's steps ----------------------------------------------------------------------------------

export const WIZARD_STEPS = ['Overview', 'Account', 'Metering', 'Naming', 'Review'] as const;

export interface NewMeterDraft {
  site: number | null;
  energy: number | null;
  /** The chosen activity's grouping (Electricity, Natural gas, Water, ...). */
  grouping: string | null;
  reporting: ReportingSource | null;
  level: Situation;
  openDate: string | null;
  /** The ICP for electricity and gas, the account number for water, otherwise an optional account. */
  icp: string;
  landlord: string;
  unit: number | null;
  outputUnit: number | null;
  meterType: number | null;
  retailer: number | null;
  nonRetailer: boolean;
  name: string;
}

export type StepErrors = Partial<Record<keyof NewMeterDraft, string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function overviewErrors(d: NewMeterDraft): StepErrors {
  const e: StepErrors = {};
  if (d.site === null) e.site = MSG.meterSiteRequired;
  if (d.energy === null) e.energy = MSG.meterActivityRequired;
  if (d.reporting === null) e.reporting = MSG.meterReportingRequired;
  return e;
}

/** The Account step; the ICP's check against the server (exists or not) is the caller's, this checks its form. */
export function accountErrors(d: NewMeterDraft): StepErrors {
  const e: StepErrors = {};
  const supply = supplyOf(d.grouping);
  if (!d.openDate || !ISO_DATE.test(d.openDate)) e.openDate = MSG.meterOpenDateRequired;
  if (needsIcp(supply, d.level) && !icpValid(d.icp.trim())) e.icp = MSG.icpNotValid;
  else if (needsAccountNumber(supply, d.level) && d.icp.trim() === '') e.icp = MSG.meterAccountRequired;
  if (needsLandlord(d.level) && d.landlord.trim() === '') e.landlord = MSG.meterLandlordRequired;
  return e;
}

export function meteringErrors(d: NewMeterDraft): StepErrors {
  const e: StepErrors = {};
  const supply = supplyOf(d.grouping);
  if (d.unit === null) e.unit = MSG.meterUnitRequired;
  if (d.outputUnit === null) e.outputUnit = MSG.meterOutputUnitRequired;
  if (d.meterType === null) e.meterType = MSG.meterTypeRequired;
  else if (!meterTypesFor(supply, d.level).includes(d.meterType)) e.meterType = MSG.meterTypeNotAllowed;
  if (needsRetailer(supply, d.level, d.nonRetailer) && d.retailer === null)
    e.retailer = MSG.meterRetailerRequired;
  return e;
}

export function namingErrors(d: NewMeterDraft): StepErrors {
  return d.name.trim().length < METER_NAME_MIN ? { name: MSG.meterNameTooShort } : {};
}

/** Every step's errors, in step order: what the server refuses before it creates the meter. */
export function newMeterErrors(d: NewMeterDraft): StepErrors {
  return { ...overviewErrors(d), ...accountErrors(d), ...meteringErrors(d), ...namingErrors(d) };
}

/** The errors of each step before Review; a step can be left forward only when it has none. */
export const STEP_CHECKS = [overviewErrors, accountErrors, meteringErrors, namingErrors] as const;

/**
 * The name suggested on the Naming step: the ICP's address when one is known, otherwise the site and the
 * activity (with the account when there is one), cut to 70 characters.
 */
export function suggestMeterName(p: {
  address?: string | null;
  siteName?: string | null;
  activity?: string | null;
  account?: string | null;
}): string {
  const address = p.address?.trim();
  const parts = [p.siteName?.trim(), p.activity?.trim()].filter(Boolean).join(' ');
  const account = p.account?.trim();
  const name = address || (account && parts ? `${parts} ${account}` : parts);
  return name.slice(0, METER_NAME_SUGGESTION_MAX).trim();
}

// ---- Combined water/wastewater account -------------------------------------------------------------------

export const defaultWaterNames = (account: string) => ({
  water: `${account.trim()} - Water`,
  wastewater: `${account.trim()} - Wastewater`,
});

/** Equal meter numbers are told apart by (W) and (WW) suffixes. */
export function waterMeterNumbers(water: string, wastewater: string) {
  const w = water.trim();
  const ww = wastewater.trim();
  if (w !== '' && w.toLowerCase() === ww.toLowerCase()) {
    const numbers = { water: `${w} (W)`, wastewater: `${ww} (WW)` };
    return { ...numbers, notice: fill(MSG.waterNumbersEqual, numbers) };
  }
  return { water: w, wastewater: ww, notice: null };
}

export interface CombinedAccountDraft {
  site: number | null;
  account: string;
  waterMeterName: string;
  waterMeterNumber: string;
  wastewaterMeterName: string;
  wastewaterMeterNumber: string;
  openDate: string | null;
  reporting: ReportingSource | null;
}

export function combinedAccountErrors(
  d: CombinedAccountDraft,
): Partial<Record<keyof CombinedAccountDraft, string>> {
  const e: Partial<Record<keyof CombinedAccountDraft, string>> = {};
  if (d.site === null) e.site = MSG.meterSiteRequired;
  if (d.account.trim() === '') e.account = MSG.waterAccountRequired;
  if (d.waterMeterName.trim() === '') e.waterMeterName = MSG.waterMeterNameRequired;
  if (d.waterMeterNumber.trim() === '') e.waterMeterNumber = MSG.waterMeterNumberRequired;
  if (d.wastewaterMeterName.trim() === '') e.wastewaterMeterName = MSG.wastewaterMeterNameRequired;
  if (d.wastewaterMeterNumber.trim() === '') e.wastewaterMeterNumber = MSG.wastewaterMeterNumberRequired;
  if (!d.openDate || !ISO_DATE.test(d.openDate)) e.openDate = MSG.meterOpenDateRequired;
  if (d.reporting === null) e.reporting = MSG.meterReportingRequired;
  return e;
}
