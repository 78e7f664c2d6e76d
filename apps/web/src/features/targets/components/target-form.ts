import { TARGET_NAME_MIN } from '@verdant/contracts/targets';
import { TARGET_BASELINE_MIN_YEAR } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { normaliseProfile } from '@verdant/domain/targets/profiles';

/** A number field's value as typed: a number, or '' (or a partial entry) while it is being typed. */
export type Num = number | string;

export const YEAR_ENDS = [
  { value: 'CY', label: 'Calendar year' },
  { value: 'FY3', label: 'April to March' },
  { value: 'FY6', label: 'July to June' },
];
export const PROFILE_LABELS = { DERIVE: 'Derive from the ledger', ENTER: 'Enter', NONE: 'None (even)' };
export const num = (v: Num) => (v === '' ? Number.NaN : Number(v));

/** The New Target wizard's fields, as typed. */
export interface TargetForm {
  name: string;
  baselineYear: Num;
  yearEnd: string;
  consFrom: 'DERIVE' | 'ENTER';
  baselineCons: Num;
  profileFrom: 'DERIVE' | 'ENTER' | 'NONE';
  profile: Num[];
  targets: { perc: Num; year: Num }[];
}

/** The wizard's fields when it first opens: the baseline is last year, on the calendar year. */
export const blankTargetForm = (thisYear: number): TargetForm => ({
  name: '',
  baselineYear: thisYear - 1,
  yearEnd: 'CY',
  consFrom: 'DERIVE',
  baselineCons: '',
  profileFrom: 'DERIVE',
  profile: Array(12).fill(''),
  targets: [{ perc: '', year: '' }],
});

/** What the wizard says of its fields: each step's errors, whether each step may go on, and the spec. */
export function checkTargetForm(f: TargetForm, existingNames: string[], thisYear: number) {
  const trimmed = f.name.trim();
  const nameError =
    trimmed.length < TARGET_NAME_MIN
      ? MSG.targetNameShort
      : existingNames.some((n) => n.toLowerCase() === trimmed.toLowerCase())
        ? MSG.targetNameExists
        : null;
  const year = num(f.baselineYear);
  const yearError =
    !/^\d{4}$/.test(String(f.baselineYear)) || year < TARGET_BASELINE_MIN_YEAR || year >= thisYear
      ? MSG.targetBaselineYear
      : null;
  const consError = f.consFrom === 'ENTER' && !(num(f.baselineCons) >= 0) ? MSG.targetBaselineCons : null;
  const normalised = normaliseProfile(f.profile.map(num));
  const profileError =
    f.profileFrom !== 'ENTER'
      ? null
      : f.profile.some((v) => v === '')
        ? MSG.targetProfileMissing
        : normalised.ok
          ? null
          : fill(MSG.targetProfileInvalid, { reason: normalised.reason });
  const targetErrors = f.targets.map((t) => ({
    perc: /^\d{1,2}$/.test(String(t.perc)) ? null : MSG.targetPerc,
    year: /^\d{4}$/.test(String(t.year)) ? null : MSG.targetYear,
  }));
  const firstYearError =
    f.targets[0] && num(f.targets[0].year) < year
      ? MSG.targetFirstYear
      : f.targets.length === 0
        ? MSG.targetNone
        : null;
  const valid = [
    nameError === null,
    yearError === null && consError === null,
    profileError === null,
    firstYearError === null && targetErrors.every((e) => !e.perc && !e.year),
    true,
  ];
  const spec = {
    baselineYear: year,
    baselineYearEnd: f.yearEnd as 'CY',
    consFrom: f.consFrom,
    baselineCons: f.consFrom === 'ENTER' ? num(f.baselineCons) : null,
    profileFrom: f.profileFrom,
    profile: f.profileFrom === 'ENTER' ? f.profile.map(num) : null,
    targets: f.targets.map((t) => ({ perc: num(t.perc), year: num(t.year) })),
  };
  return {
    trimmed,
    nameError,
    yearError,
    consError,
    normalised,
    profileError,
    targetErrors,
    firstYearError,
    valid,
    spec,
  };
}

/** The Review step's rows. */
export function reviewRows(f: TargetForm): [string, string][] {
  return [
    ['Name', f.name.trim()],
    ['Baseline year', `${f.baselineYear} (${YEAR_ENDS.find((y) => y.value === f.yearEnd)?.label})`],
    [
      'Baseline',
      f.consFrom === 'ENTER'
        ? `${num(f.baselineCons).toLocaleString('en-NZ')} (entered)`
        : 'Derived from the ledger',
    ],
    ['Profile', PROFILE_LABELS[f.profileFrom]],
    ['Targets', f.targets.map((t) => `${t.perc}% by ${t.year}`).join(', ')],
  ];
}
