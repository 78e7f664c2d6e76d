import type { TestInfo } from '@playwright/test';

/**
 * A name for something the journey creates, which its retry can create again: the failed try may have created
 * the first before it failed, and the name must be unused. 'Waikato Power' on the first try, 'Waikato Power 2' on
 * the retry; a part of an address takes no space ('bills', then 'bills2').
 */
export const afresh = (info: TestInfo, name: string, joiner = ' '): string =>
  info.retry === 0 ? name : `${name}${joiner}${info.retry + 1}`;
