import { TARGET_BASELINE_MIN_YEAR } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { YEAR_ENDS } from '@verdant/domain/targets/financial-years';
import { PROFILE_FROM } from '@verdant/domain/targets/profiles';
import { z } from 'zod';
import { editor, member } from './access';
import { factorEdition, idNumber, idParam, int4, nameText, text } from './common';
import { defineOperations } from './operations';
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
  name: nameText().trim().min(TARGET_NAME_MIN, MSG.targetNameShort).max(100),
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
  /** The editions of emission factors that produced the kg CO2e read (measure co2e, location-based; else empty). */
  editions: z.array(factorEdition),
});
export type PerformanceReport = z.infer<typeof performanceReport>;

export const groupingParams = z.object({ id: idNumber() });

type GroupType = 'site' | 'meter';

/** A group's own targets and its grouping's report, for site or meter groups (the session's organisation). */
const groupSpecs = <T extends GroupType>(type: T) =>
  ({
    groupTarget: {
      method: 'GET',
      path: `/${type}-groups/:id/target`,
      summary: `A ${type} group's own co2e and consumption targets`,
      access: member(),
      params: idParam,
      answer: groupTarget,
    },
    setGroupTarget: {
      method: 'PUT',
      path: `/${type}-groups/:id/target`,
      summary: `Set a ${type} group's co2e or consumption target (null clears)`,
      access: editor(),
      params: idParam,
      body: groupTargetRequest,
      answer: groupTarget,
    },
    groupingPerformance: {
      method: 'GET',
      path: `/${type}-groupings/:id/reports/performance-against-targets`,
      summary: `Performance against a target of a ${type} grouping's groups`,
      access: member(),
      params: groupingParams,
      query: performanceQuery,
      answer: performanceReport,
    },
  }) as const;
const site = groupSpecs('site');
const meter = groupSpecs('meter');

/** Targets: every member reads them; editors create targets and set group targets. */
export const targetsOperations = defineOperations('targets', {
  list: {
    method: 'GET',
    path: '/organisations/:id/targets',
    summary: "The organisation's targets",
    access: member('params.id'),
    params: idParam,
    answer: targetList,
  },
  create: {
    method: 'POST',
    path: '/organisations/:id/targets',
    summary: 'Create a target (the New Target wizard)',
    access: editor('params.id'),
    params: idParam,
    body: newTargetRequest,
    answer: target,
  },
  performance: {
    method: 'GET',
    path: '/organisations/:id/reports/performance-against-targets',
    summary: "The organisation's performance against a target",
    access: member('params.id'),
    params: idParam,
    query: performanceQuery,
    answer: performanceReport,
  },
  siteGroupTarget: site.groupTarget,
  setSiteGroupTarget: site.setGroupTarget,
  siteGroupingPerformance: site.groupingPerformance,
  meterGroupTarget: meter.groupTarget,
  setMeterGroupTarget: meter.setGroupTarget,
  meterGroupingPerformance: meter.groupingPerformance,
});

/** A group's target operations by its type. */
export const groupTargetsOf = (type: GroupType) =>
  type === 'site'
    ? { read: targetsOperations.siteGroupTarget, set: targetsOperations.setSiteGroupTarget }
    : { read: targetsOperations.meterGroupTarget, set: targetsOperations.setMeterGroupTarget };
