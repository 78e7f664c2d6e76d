import { ASSET_MESSAGES } from './messages-assets';
import { GENERAL_MESSAGES } from './messages-general';
import { INPUT_MESSAGES } from './messages-inputs';

export { GENERAL_MESSAGES };

/**
 * User-facing messages from the specifications' error catalogues, word for word (double spaces included). A key
 * is in one part only (messages.test.ts).
 */
export const MSG = { ...GENERAL_MESSAGES, ...ASSET_MESSAGES, ...INPUT_MESSAGES } as const;

/** Fills `{name}` placeholders in a catalogue message. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
