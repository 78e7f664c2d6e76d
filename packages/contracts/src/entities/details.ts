import { z } from 'zod';
import { idNumber, int4, text } from '../common';

/** An entity's type-specific details (pump, wastewater plant) and its usage and indicator fields. */

/** A number typed as digits (a pump's head in metres). */
export const digits = z.union([text(), z.number()]).nullable().optional();

export const pumpDetail = z.object({
  head: z.number().nullable(),
  powerMeterId: z.number().nullable(),
  flowMeterId: z.number().nullable(),
});
export type PumpDetail = z.infer<typeof pumpDetail>;
export const pumpUpdate = z.object({
  head: digits,
  powerMeterId: int4().nullable().optional(),
  flowMeterId: int4().nullable().optional(),
});

export const USAGE_INTEGER_FIELDS = [
  'entusageId',
  'designEui',
  'commissionedEui',
  'interventionEui',
  'accontrId',
  'heatId',
  'lightId',
] as const;
export const USAGE_NUMBER_FIELDS = [
  'airconVolume',
  'lowHumidity',
  'highHumidity',
  'lowTemp',
  'highTemp',
  'airChanges',
  'airInfiltration',
  'coreHours',
  'coreOccupancy',
  'coreEnergyIntensity',
  'ncoreHours',
  'ncoreOccupancy',
  'ncoreEnergyIntensity',
] as const;
export const USAGE_FIELDS = [...USAGE_INTEGER_FIELDS, ...USAGE_NUMBER_FIELDS] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];
export const usageField = z.enum(USAGE_FIELDS);

export const entityUsage = z.object(
  Object.fromEntries(USAGE_FIELDS.map((f) => [f, z.number().nullable()])) as Record<
    UsageField,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type EntityUsage = z.infer<typeof entityUsage>;

export const entityIndicator = z.object({
  indicatorId: z.number(),
  label: text(),
  unit: text(),
  value: z.number().nullable(),
});
export const entityUsages = z.object({ usage: entityUsage, indicators: z.array(entityIndicator) });
export type EntityUsages = z.infer<typeof entityUsages>;

/** One field's new value: a number, its text as typed, or null to clear it. */
export const valueUpdate = z.object({ value: z.union([z.number(), text(), z.null()]) });
export const usageParams = z.object({ id: idNumber(), field: usageField });
export const indicatorParams = z.object({
  id: idNumber(),
  indicatorId: idNumber(),
});

export const wwtpDetail = z.object({
  populationServed: z.number().nullable(),
  designCapacityM3PerDay: z.number().nullable(),
  treatmentType: text().nullable(),
  influentMeterId: z.number().nullable(),
});
export type WwtpDetail = z.infer<typeof wwtpDetail>;
export const wwtpUpdate = z
  .object({
    populationServed: z.union([z.number(), text(), z.null()]),
    designCapacityM3PerDay: z.union([z.number(), text(), z.null()]),
    treatmentType: text().trim().max(200).nullable(),
    influentMeterId: int4().nullable(),
  })
  .partial();

export const usageSaved = z.object({ field: usageField, value: z.number().nullable() });
export const indicatorSaved = z.object({ indicatorId: z.number(), value: z.number().nullable() });
