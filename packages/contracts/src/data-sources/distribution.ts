import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, viewing } from '../access';
import { calendarDate, idParam, int4, text } from '../common';
import { defineOperations } from '../operations';

/** A percentage with at most 4 decimals (the stored numeric(7,4)), 0 to 100. */
const percent = z
  .number({ error: 'Enter a percentage between 0 and 100' })
  .min(0, 'Enter a percentage between 0 and 100')
  .max(100, 'Enter a percentage between 0 and 100')
  .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, 'Enter at most 4 decimals');

/** Hundredths of a basis point, so that sums of percentages are exact. */
export const percentUnits = (v: number) => Math.round(v * 10_000);

export const distributionShare = z.object({
  entityId: int4(),
  entityName: text(),
  siteName: text(),
  /** Percent of the meter's consumption (and so of its cost and emissions) that falls to the entity. */
  percCons: z.number(),
  /** Percent of the meter's note. */
  percNote: z.number(),
});
export type DistributionShare = z.infer<typeof distributionShare>;

/** GET /meters/{id}/energy-distribution: the spec's name and entities, with what the tab needs besides. */
export const energyDistribution = z.object({
  name: text(),
  /** The month the shares in force apply from; null: from the meter's first month. */
  validFrom: text().nullable(),
  /** The entities of the meter's site, and any other holding a share in force; 0 where none. */
  entities: z.array(distributionShare),
  /** Earlier and later distributions, newest first, each with its shares above zero. */
  periods: z.array(
    z.object({
      validFrom: text().nullable(),
      entities: z.array(distributionShare),
    }),
  ),
  mayEdit: z.boolean(),
});
export type EnergyDistribution = z.infer<typeof energyDistribution>;

export const distributionUpdate = z
  .object({
    entities: z
      .array(z.object({ entityId: int4().positive(), percCons: percent, percNote: percent.default(0) }))
      .max(1000),
    /** 'yyyy-MM-01': keep the shares of earlier months; null (the default): from the meter's first month. */
    validFrom: calendarDate(MSG.dateFormat)
      .refine((v) => v.endsWith('-01'), MSG.distributionMonthStart)
      .nullable()
      .default(null),
  })
  .refine((d) => new Set(d.entities.map((e) => e.entityId)).size === d.entities.length, {
    message: MSG.distributionEntityTwice,
    path: ['entities'],
  })
  .refine((d) => d.entities.reduce((s, e) => s + percentUnits(e.percCons), 0) <= percentUnits(100), {
    message: MSG.distributionOver100,
    path: ['entities'],
  })
  .refine((d) => d.entities.reduce((s, e) => s + percentUnits(e.percNote), 0) <= percentUnits(100), {
    message: MSG.distributionNoteOver100,
    path: ['entities'],
  });
export type DistributionUpdate = z.input<typeof distributionUpdate>;

/** The Configuration tab: how the meter's consumption is shared among entities. */
export const distributionOperations = defineOperations('data-sources', {
  distribution: {
    method: 'GET',
    path: '/meters/:id/energy-distribution',
    summary: "The meter's shares of consumption and of note among entities",
    access: viewing({ meter: 'params.id' }),
    params: idParam,
    answer: energyDistribution,
  },
  updateDistribution: {
    method: 'PUT',
    path: '/meters/:id/energy-distribution',
    summary: 'Sets the shares (each sum at most 100), from the first month or from a month on',
    access: editing({ meter: 'params.id' }),
    params: idParam,
    body: distributionUpdate,
    answer: energyDistribution,
  },
});
