import { MSG } from '@verdant/domain/messages';
import { REPORTING_SOURCES, SITUATIONS } from '@verdant/domain/meter-creation';
import { z } from 'zod';
import { calendarDate, factorEdition, idNumber, int4, int4Param, nameText, text } from '../common';

/** Data source page (data-portal.md 2.2, 3 Meter, 7 "Data sources and meters"). */

export const meterIdParam = z.object({ id: idNumber() });

export const METER_GRAPH_MEASURES = ['cons', 'cost', 'co2e'] as const;
export const meterGraphParams = z.object({
  id: idNumber(),
  type: z.enum(METER_GRAPH_MEASURES),
  year: int4Param({ min: 1990, max: 2200 }),
  month: int4Param({ min: 1, max: 12 }),
});

/** Twelve months of a year ending in year-month against the year before, in the meter's own unit. */
export const meterGraphData = z.object({
  months: z.array(text()),
  /** Null for a month not yet lived (after `currentMonth`): blank, never 0. */
  data: z.tuple([z.array(z.number().nullable()), z.array(z.number().nullable())]),
  /** Today's month in the organisation, 'yyyy-MM': still filling, so incomplete whatever the ledger says. */
  currentMonth: text(),
  /** Per month of each series: the ledger says the month is incomplete for this measure. */
  incomplete: z.tuple([z.array(z.boolean()), z.array(z.boolean())]),
  seriesLabels: z.tuple([text(), text()]),
  unit: text(),
  year: z.number(),
  yearEnd: z.number(),
  /** The editions of emission factors that produced the kg CO2e of both years (empty for the unit and $). */
  editions: z.array(factorEdition),
});
export type MeterGraphData = z.infer<typeof meterGraphData>;

const named = z.object({ id: z.number(), name: text() });

/** One month's figures of the meter (consumption in the meter's unit). */
export const meterFigures = z.object({
  month: text(),
  consumption: z.number(),
  cost: z.number(),
  co2e: z.number(),
  consIncomplete: z.boolean(),
  costIncomplete: z.boolean(),
  co2eIncomplete: z.boolean(),
  /** The editions of emission factors that produced the month's kg CO2e. */
  editions: z.array(factorEdition),
});

export const meterIdentifier = z.object({
  identifierId: z.number(),
  identifierLabel: text(),
  value: text().nullable(),
});
export type MeterIdentifier = z.infer<typeof meterIdentifier>;

export const consumptionAlertSetup = z.object({
  /** 1 greater than, 2 less than, 3 different from the previous year. */
  alertDiffer: int4().min(1).max(3).nullable(),
  alertPerc: int4().min(0).nullable(),
  absAlert: int4().min(0).nullable(),
});
export const tariffAlertSetup = z.object({
  relAlert: z.number().min(0).max(99_999_999).nullable(),
  absAlert: z.number().min(0).max(99_999_999).nullable(),
  rateAlert: z.number().min(0).max(99_999_999).nullable(),
});
export const baseLoadAlertSetup = z.object({
  triggerPercentage: z.number().min(0).max(99_999_999).nullable(),
});
export const meterAlertSettings = z.object({
  consumption: consumptionAlertSetup,
  tariff: tariffAlertSetup,
  baseLoad: baseLoadAlertSetup,
});

const location = z.object({
  x: z.number().min(-180, MSG.meterLocationRange).max(180, MSG.meterLocationRange),
  y: z.number().min(-90, MSG.meterLocationRange).max(90, MSG.meterLocationRange),
});

export const meterDetail = z.object({
  id: z.number(),
  organisationId: z.number(),
  organisation: named,
  site: named,
  localName: text(),
  name: text(),
  /** 1-9 (Time of use ... Transactional with cost). */
  meterType: z.number(),
  meterDescr: text(),
  metlvlId: z.number(),
  level: text(),
  energyId: z.number().nullable(),
  energy: text().nullable(),
  energyGroup: text().nullable(),
  unitId: z.number().nullable(),
  unit: text().nullable(),
  stdUnit: text().nullable(),
  inheritSubmeter: z.boolean(),
  smartMetering: z.boolean(),
  closed: z.boolean(),
  transientMeter: z.boolean(),
  meterOpen: text().nullable(),
  meterClose: text().nullable(),
  meterNumber: text().nullable(),
  /** The supply account: ICP for electricity, account number for water (the spec's collection). */
  account: text().nullable(),
  retailerId: z.number().nullable(),
  regimeId: z.number().nullable(),
  touContract: z.number().nullable(),
  ppdContract: z.number().nullable(),
  loadGroup: z.number().nullable(),
  metercoId: z.number().nullable(),
  hasExport: z.boolean(),
  landlord: text().nullable(),
  nonMainland: z.boolean(),
  contractorMeter: z.boolean(),
  alertRecipient: text().nullable(),
  invoiceReport: z.boolean(),
  address1: text().nullable(),
  address2: text().nullable(),
  address3: text().nullable(),
  address4: text().nullable(),
  meterLocation: location.nullable(),
  /** Bit flags: 1 consumption reporting, 6 (2 and 4) carbon reporting. */
  reporting: z.number(),
  reportingSource: z.enum(REPORTING_SOURCES),
  situation: z.enum(SITUATIONS),
  identifiers: z.array(meterIdentifier),
  joinedGroups: z.array(named),
  availableGroups: z.array(named),
  alertSettings: meterAlertSettings,
  /** The meter this one replaced (Create Replacement), where the caller may see it. */
  replaces: named.nullable(),
  /** The meter that replaced this one, where the caller may see it. */
  replacedBy: named.nullable(),
  mayEdit: z.boolean(),
  mayAdminister: z.boolean(),
  reportingYearEnd: z.number(),
  lastCompleteMonth: text(),
  /** The last complete month's figures and the month before it. */
  latest: z.array(meterFigures),
});
export type MeterDetail = z.infer<typeof meterDetail>;

/** An open date typed with a leading 0 in the year is corrected to start with 2 (data-portal.md 5). */
export const correctYear = (value: string) => value.replace(/^0(\d{3}-)/, '2$1');

const optionalText = text().trim().max(200).nullable().optional();
/** The fields a PUT /meters/{id} may set (only those sent change). */
export const meterUpdate = z
  .object({
    localName: nameText().trim().min(3, MSG.meterNameTooShort).max(200),
    meterNumber: optionalText,
    account: optionalText,
    meterType: int4().min(1).max(9),
    metlvlId: z.union([z.literal(1), z.literal(2)]),
    unitId: int4().positive(),
    meterOpen: z.preprocess((v) => (typeof v === 'string' ? correctYear(v.trim()) : v), calendarDate()),
    meterClose: z.union([calendarDate(), z.literal(''), z.null()]),
    transientMeter: z.boolean(),
    smartMetering: z.boolean(),
    inheritSubmeter: z.boolean(),
    retailerId: int4().positive().nullable(),
    regimeId: int4().positive().nullable(),
    touContract: int4().positive().nullable(),
    ppdContract: int4().positive().nullable(),
    loadGroup: z
      .number({ error: MSG.meterLoadGroupInteger })
      .int(MSG.meterLoadGroupInteger)
      .min(0)
      .max(2_147_483_647)
      .nullable(),
    metercoId: int4().positive().nullable(),
    hasExport: z.boolean(),
    landlord: optionalText,
    nonMainland: z.boolean(),
    contractorMeter: z.boolean(),
    alertRecipient: z.union([z.email(MSG.alertRecipientInvalid), z.literal(''), z.null()]),
    invoiceReport: z.boolean(),
    address1: optionalText,
    address2: optionalText,
    address3: optionalText,
    address4: optionalText,
    meterLocation: location.nullable(),
    reporting: int4().min(0).max(7),
    reportingSource: z.enum(REPORTING_SOURCES),
    situation: z.enum(SITUATIONS),
  })
  .partial()
  .strict();
export type MeterUpdate = z.infer<typeof meterUpdate>;

export const meterEnergyUnit = z.object({
  unitId: z.number(),
  name: text(),
  conversionToStandard: z.number(),
});

/** Data sources listed by /same-site and /same-collection. */
export const meterSummaryList = z.array(
  z.object({
    id: z.number(),
    name: text(),
    energy: text().nullable(),
    meterNumber: text().nullable(),
    closed: z.boolean(),
  }),
);

export const meterGroupParams = z.object({ groupId: idNumber(), meterId: idNumber() });
export const moveQuery = z.object({ to: z.union([idNumber(), z.literal('')]).optional() });
export const compatibleTypes = z.array(
  z.object({ id: z.number(), name: text(), grouping: text(), units: z.array(meterEnergyUnit) }),
);
export const changeDataTypeRequest = z.object({ energyId: int4().positive(), unitId: int4().positive() });
export const replacementRequest = z.object({
  /** The new meter's bill (meter) type. */
  typeId: int4().min(1).max(9),
  /** The day the new meter opens; the old one closes the day before. Default: today. */
  openDate: calendarDate().optional(),
});
export const messageWithId = z.object({ success: z.literal(true), message: text(), id: z.number() });

export const identifierParams = z.object({ id: idNumber(), identifierId: idNumber() });
export const identifierValue = z.object({ value: text().trim().max(200).nullable() });
export const organisationIdentifierLabels = z.array(
  z.object({ identifierId: z.number(), identifierLabel: text() }),
);
export const newIdentifierLabel = z.object({
  name: nameText().trim().min(1, MSG.identifierNameRequired).max(100),
});
/** Copy Identifier From: another meter's identifier values onto this one. */
export const copyIdentifiersRequest = z.object({ fromMeterId: int4().positive() });
