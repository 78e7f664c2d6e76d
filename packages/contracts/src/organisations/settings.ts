import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { text } from '../common';

/** The organisation's alert settings and its targets. */

export const ALERT_SETTING_KEYS = [
  'estimatesAlertEnabled',
  'estimatesAlertCount',
  'nillConsumptionAlertEnabled',
  'nillConsumptionAlertCount',
] as const;
export type AlertSettingKey = (typeof ALERT_SETTING_KEYS)[number];

/** The parsed form of `alertSettings`. */
export interface AlertSettings {
  estimatesAlertEnabled: boolean;
  estimatesAlertCount: number | null;
  nillConsumptionAlertEnabled: boolean;
  nillConsumptionAlertCount: number | null;
}

/** Reads the stored JSON text; anything missing or malformed reads as off / unset. */
export function parseAlertSettings(text: string | null): AlertSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    estimatesAlertEnabled: raw.estimatesAlertEnabled === true,
    estimatesAlertCount: count(raw.estimatesAlertCount),
    nillConsumptionAlertEnabled: raw.nillConsumptionAlertEnabled === true,
    nillConsumptionAlertCount: count(raw.nillConsumptionAlertCount),
  };
}

/**
 * PUT /organisations/{id}/settings: one alert setting (counts are whole numbers of at least 0, or null), or the
 * time zone (key timeZone, a zone of the IANA list).
 */
export const settingRequest = z.object({
  key: text(),
  value: z.union([z.boolean(), z.number(), text(), z.null()]),
  /**
   * With key timeZone: move the stored half hours to the new zone's clock (a job, the zone changing with them),
   * rather than leave them on the dates they have.
   */
  moveHalfHours: z.boolean().optional(),
});
export type SettingRequest = z.infer<typeof settingRequest>;

/** PUT /organisations/{id}/target: the co2e target (kg CO2e) or the consumption target (kWh); null clears. */
export const targetRequest = z
  .object({
    co2e: z.number().min(0, MSG.targetNotNumeric).nullable().optional(),
    cons: z.number().min(0, MSG.targetNotNumeric).nullable().optional(),
  })
  .refine((t) => t.co2e !== undefined || t.cons !== undefined, MSG.targetNotNumeric);
export type TargetRequest = z.infer<typeof targetRequest>;
