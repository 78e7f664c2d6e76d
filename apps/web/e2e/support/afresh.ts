import type { TestInfo } from '@playwright/test';

/**
 * A name for something the journey creates, which its retry can create again: the failed try may have created
 * the first before it failed, and the name must be unused. 'Waikato Power' on the first try, 'Waikato Power 2' on
 * the retry.
 */
export const afresh = (info: TestInfo, name: string): string =>
  info.retry === 0 ? name : `${name} ${info.retry + 1}`;
