/**
 * The inline field editor's modes (spec section 5): integer, number, non-empty, or free text. An empty
 * integer, number or text field saves null; a non-empty field refuses to be emptied.
 */
export type InlineMode = 'integer' | 'number' | 'non-empty' | 'text';

export const INLINE_MESSAGES = {
  integer: 'Enter a whole number',
  number: 'Enter a number',
  nonEmpty: 'This cannot be empty',
} as const;

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** What the field saves for the text typed: trimmed, and null when nothing is left. */
export function inlineValue(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The message for text the mode does not accept, or null when it may be saved. */
export function checkInlineValue(mode: InlineMode, text: string): string | null {
  const value = inlineValue(text);
  if (value === null) return mode === 'non-empty' ? INLINE_MESSAGES.nonEmpty : null;
  if (mode === 'integer' && !INTEGER.test(value)) return INLINE_MESSAGES.integer;
  if (mode === 'number' && !NUMBER.test(value)) return INLINE_MESSAGES.number;
  return null;
}
