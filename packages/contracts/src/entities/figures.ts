import { z } from 'zod';
import { factorEdition, text } from '../common';

/** GET /entities/{id}/figures: the entity's distributed figures, month by month, and the meters behind them. */
export const entityFigures = z.object({
  /** The last complete month (yyyy-MM); `months` are the twelve months ending with it, oldest first. */
  lastCompleteMonth: text(),
  months: z.array(
    z.object({
      month: text(),
      /** kWh, dollars before tax and kg CO2e: each meter's figure times its share of consumption then. */
      cons: z.number(),
      cost: z.number(),
      co2e: z.number(),
      consIncomplete: z.boolean(),
      costIncomplete: z.boolean(),
      co2eIncomplete: z.boolean(),
    }),
  ),
  /** The editions of emission factors that produced the twelve months' kg CO2e (location-based). */
  editions: z.array(factorEdition),
  /** The data sources sharing their consumption with the entity now (the ones the caller may see). */
  meters: z.array(
    z.object({
      meterId: z.number(),
      meterName: text(),
      percCons: z.number(),
      percNote: z.number(),
      /** The month the share applies from; null: from the meter's first month. */
      validFrom: text().nullable(),
    }),
  ),
});
export type EntityFigures = z.infer<typeof entityFigures>;
