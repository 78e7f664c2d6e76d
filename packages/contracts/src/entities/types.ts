import { z } from 'zod';

/** Entity types (spec section 3); WWTP is a wastewater treatment plant. */
export const ENTITY_TYPES = ['STANDARD', 'HEAT PLANT', 'PUMP', 'WWTP'] as const;
export const entityType = z.enum(ENTITY_TYPES);
export type EntityType = z.infer<typeof entityType>;
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  STANDARD: 'Standard',
  'HEAT PLANT': 'Heat plant',
  PUMP: 'Pump',
  WWTP: 'Wastewater plant',
};
/** The label of a type as read from a list that carries it as plain text (an unknown one shows as stored). */
export function entityTypeLabel(type: string): string {
  return (ENTITY_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
