import { EMAIL_REASONS, type EmailReasonCode } from '@verdant/domain/email-processing/email-processing';
import type { ItemOutcome } from '../../modules/email-processing/processing.queries';

/** An item's end with the words of its reason (and what was read, when something was). */
export const outcomeOf = (
  state: ItemOutcome['state'],
  code: EmailReasonCode,
  detail?: string,
  extra: Partial<ItemOutcome> = {},
): ItemOutcome => ({
  state,
  reasonCode: code,
  reason: detail ? `${EMAIL_REASONS[code]}: ${detail}` : EMAIL_REASONS[code],
  ...extra,
});
