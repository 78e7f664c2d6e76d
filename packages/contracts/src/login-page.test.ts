import { describe, expect, it } from 'vitest';
import { alternateLogin, ssoConfig } from './auth';
import { readAlternateLogin, readSsoConfig } from './login-page';

/** The login page's plain checks agree with the zod contracts, bare or wrapped in `{ data }`. */
describe('the login page reads its two answers as the contracts say', () => {
  const alternates: unknown[] = [
    { 'login-option': null, props: {} },
    { 'login-option': 'portal', props: { label: 'Staff', url: 'https://example.test' } },
    { 'login-option': 'portal', props: { label: 7 } },
    { 'login-option': 3, props: {} },
    { 'login-option': null },
    { 'login-option': 'a\0b', props: {} },
    { 'login-option': null, props: { label: 'x\0' } },
    { props: {} },
    null,
    'text',
    [],
  ];
  it.each(alternates)('alternate login %j', (sample) => {
    for (const body of [sample, { success: true, data: sample }]) {
      const contract = alternateLogin.safeParse(sample);
      expect(readAlternateLogin(body)).toEqual(contract.success ? contract.data : undefined);
    }
  });

  const ssos: unknown[] = [
    { microsoft: true, testDrive: true },
    { microsoft: false, testDrive: false },
    { microsoft: true },
    { microsoft: false, testDrive: 'yes' },
    { microsoft: 'yes', testDrive: true },
    {},
    null,
    1,
  ];
  it.each(ssos)('single sign-on %j', (sample) => {
    for (const body of [sample, { data: sample }]) {
      const contract = ssoConfig.safeParse(sample);
      expect(readSsoConfig(body)).toEqual(contract.success ? contract.data : undefined);
    }
  });
});
