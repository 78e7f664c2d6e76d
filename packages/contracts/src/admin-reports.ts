import { z } from 'zod';
import { text } from './common';

/** Estimated Reads report row (data-portal spec 3): Account, Local Name, Estimates Since. */
export const estimatedReadsRow = z.object({
  meterId: z.number(),
  account: text().nullable(),
  localName: text(),
  /** The start of the run of estimated reads that the latest invoice ends, 'yyyy-MM-dd'. */
  estimatesSince: text(),
  /** Estimated invoices in that run. */
  estimates: z.number(),
});
export type EstimatedReadsRow = z.infer<typeof estimatedReadsRow>;
export const estimatedReadsReport = z.array(estimatedReadsRow);
