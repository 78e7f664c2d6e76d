import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { int4, text } from '../common';

// ---- Exports --------------------------------------------------------------------------------------------
export const FLEET_EXPORT_QUANTITIES = ['kWh', '$', 'CO2e', 'L', 'km'] as const;
const yyyyMM = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.exportRangeIncomplete);
const range = (aggregations: readonly [string, ...string[]]) =>
  z
    .object({
      aggregation: z.enum(aggregations),
      start: z.union([yyyyMM, z.literal(''), z.null()]),
      end: z.union([yyyyMM, z.literal(''), z.null()]),
    })
    .refine((r) => !!r.start && !!r.end, MSG.exportRangeIncomplete)
    .refine((r) => !r.start || !r.end || r.start <= r.end, MSG.exportRangeOrder);
export const fleetDataExportRequest = z.object({
  assets: z.array(int4().positive()).min(1, MSG.fleetExportNeedsVehicle).max(10_000),
  data: z.array(z.enum(FLEET_EXPORT_QUANTITIES)).min(1, MSG.exportNeedsQuantity),
  ranges: z
    .array(range(['monthly', 'total']))
    .min(1, MSG.exportRangeIncomplete)
    .max(20),
});
export const fleetTransactionExportRequest = z.object({
  assets: z.array(int4().positive()).min(1, MSG.fleetExportNeedsVehicle).max(10_000),
  data: z.array(z.enum(FLEET_EXPORT_QUANTITIES)).min(1, MSG.exportNeedsQuantity),
  ranges: z
    .array(range(['individual', 'month']))
    .min(1, MSG.exportRangeIncomplete)
    .max(20),
});
export type FleetDataExportRequest = z.infer<typeof fleetDataExportRequest>;
export type FleetTransactionExportRequest = z.infer<typeof fleetTransactionExportRequest>;
