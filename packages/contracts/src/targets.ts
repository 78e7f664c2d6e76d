import { TARGET_BASELINE_MIN_YEAR } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { YEAR_ENDS } from '@verdant/domain/targets/financial-years';
import { PROFILE_FROM } from '@verdant/domain/targets/profiles';
import { z } from 'zod';
import { idNumber, int4, text } from './common';
import { targetRequest } from './organisations/settings';

/** A target's name: at least 3 characters (core-portal.md 5 Target). */
export const TARGET_NAME_MIN = 3;

/** One target of the list: a reduction percentage (at most two digits) by a four-digit year. */
export const targetPoint = z.object({
  perc: int4({ error: MSG.targetPerc }).min(0, MSG.targetPerc).max(99, MSG.targetPerc),
  year: int4({ error: MSG.targetYear }).min(1000, MSG.targetYear).max(9999, MSG.targetYear),
});

/**
 * The target's spec (core-portal.md 3 Target). `profile` is twelve values January to December, stored
 * normalised to total 100; entered values are normalised by the server. Whether the baseline year is before
 * the current year is checked by the server (its clock) and by the wizard.
 */
export const targetSpec = z
  .object({
    baselineYear: int4({ error: MSG.targetBaselineYear })
      .min(TARGET_BASELINE_MIN_YEAR, MSG.targetBaselineYear)
      .max(9999, MSG.targetBaselineYear),
    baselineYearEnd: z.enum(YEAR_ENDS),
    consFrom: z.enum(['DERIVE', 'ENTER']),
    baselineCons: z
      .number({ error: MSG.targetBaselineCons })
      .min(0, MSG.targetBaselineCons)
      .nullable()
      .default(null),
    profileFrom: z.enum(PROFILE_FROM),
    profile: z
      .array(z.number({ error: MSG.targetProfileMissing }))
      .nullable()
      .default(null),
    targets: z.array(targetPoint).min(1, MSG.targetNone).max(50),
  })
  .refine((s) => s.consFrom !== 'ENTER' || s.baselineCons !== null, {
    message: MSG.targetBaselineCons,
    path: ['baselineCons'],
  })
  .refine((s) => s.profileFrom !== 'ENTER' || s.profile?.length === 12, {
    message: MSG.targetProfileMissing,
    path: ['profile'],
  })
  .refine((s) => (s.targets[0]?.year ?? 0) >= s.baselineYear, {
    message: MSG.targetFirstYear,
    path: ['targets'],
  });
export type TargetSpec = z.output<typeof targetSpec>;
export type TargetSpecInput = z.input<typeof targetSpec>;

/** POST /organisations/{id}/targets: name, spec, orgId (the path's organisation; another is refused). */
export const newTargetRequest = z.object({
  name: text().trim().min(TARGET_NAME_MIN, MSG.targetNameShort).max(100),
  spec: targetSpec,
  orgId: int4().optional(),
});
export type NewTargetRequest = z.input<typeof newTargetRequest>;

export const target = z.object({
  id: z.number(),
  name: text(),
  orgId: z.number(),
  spec: z.object({
    baselineYear: z.number(),
    baselineYearEnd: z.enum(YEAR_ENDS),
    consFrom: z.enum(['DERIVE', 'ENTER']),
    baselineCons: z.number().nullable(),
    profileFrom: z.enum(PROFILE_FROM),
    profile: z.array(z.number()).nullable(),
    targets: z.array(z.object({ perc: z.number(), year: z.number() })),
  }),
});
export type Target = z.infer<typeof target>;

export const targetList = z.object({ targets: z.array(target), mayEdit: z.boolean() });
export type TargetList = z.infer<typeof targetList>;

/** GET/PUT /{type}-groups/{id}/target: the group's own annual targets (kg CO2e, kWh); null clears. */
export const groupTarget = z.object({ co2eTarget: z.number().nullable(), consTarget: z.number().nullable() });
export type GroupTarget = z.infer<typeof groupTarget>;
/** The same body as the organisation's targets (PUT /organisations/{id}/target). */
export const groupTargetRequest = targetRequest;

export const MEASURES = ['co2e', 'cons'] as const;
export type Measure = (typeof MEASURES)[number];

/** The report's query: which target (default the organisation's first) and which measure (default co2e). */
export const performanceQuery = z.object({
  target: idNumber().optional(),
  measure: z.enum(MEASURES).default('co2e'),
});

export const performanceMonth = z.object({
  month: text(),
  year: z.number(),
  factor: z.number(),
  actual: z.number().nullable(),
  /** Today's month or one the ledger marks incomplete: the Difference is left blank. */
  incomplete: z.boolean(),
  target: z.number(),
});

export const performanceGroup = z.object({
  id: z.number().nullable(),
  name: text(),
  baseline: z.number(),
  target: z.number(),
  months: z.array(performanceMonth),
});

/** Performance against targets (core-portal.md 3): yearEnd, baselineYear, finalYear and the groups. */
export const performanceReport = z.object({
  targetId: z.number().nullable(),
  targetName: text().nullable(),
  measure: z.enum(MEASURES),
  yearEnd: z.enum(YEAR_ENDS).nullable(),
  baselineYear: z.number().nullable(),
  finalYear: z.number().nullable(),
  groups: z.array(performanceGroup),
});
export type PerformanceReport = z.infer<typeof performanceReport>;

export const groupingParams = z.object({ id: idNumber() });
