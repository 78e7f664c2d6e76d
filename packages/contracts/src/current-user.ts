import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { member } from './access';
import { idNumber, okResponse, text } from './common';
import { defineOperations } from './operations';

export const currentUser = z.object({
  id: z.number(),
  org: z.number().nullable(),
  userId: text(),
  email: text(),
  title: text().nullable(),
  firstName: text(),
  surname: text(),
  admin: z.boolean(),
  productAdmin: z.boolean(),
  access: text(),
  accessId: z.number(),
  blocked: z.boolean(),
  orgBlocked: z.boolean(),
  statusId: z.number(),
  conttypeId: z.number(),
  accessMechanism: z.enum(['password', 'sso']),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** The current organisation; its time zone decides its today (docs/domain.md, Time zones and today). */
export const orgSummary = z.object({ id: z.number(), name: text(), timeZone: text(), alerts: z.number() });
export type OrgSummary = z.infer<typeof orgSummary>;

export const orgListItem = z.object({
  id: z.number(),
  name: text(),
  lastUsed: text().nullable(),
  disabled: z.boolean(),
});
export type OrgListItem = z.infer<typeof orgListItem>;

export const availableOrgsQuery = z.object({ q: text().max(200).optional() });
export const availableOrgs = z.object({ recent: z.array(orgListItem), results: z.array(orgListItem) });
export type AvailableOrgs = z.infer<typeof availableOrgs>;

export const menuItem = z.object({
  id: text(),
  label: text(),
  path: text(),
  section: text(),
  description: text(),
});
export type MenuItem = z.infer<typeof menuItem>;
export const fullMenu = z.object({ items: z.array(menuItem) });

export const orgParam = z.object({ orgId: idNumber() });

export const SETTING_KEY_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const settingKeyParam = z.object({
  key: text().regex(SETTING_KEY_PATTERN, 'Setting names use letters, digits, dot, dash and underscore'),
});
/**
 * Limits of one person's settings (docs/decisions/users.md, User settings): at most 100 settings of at most
 * 20,000 characters each (2 MB).
 */
export const SETTINGS_MAX_COUNT = 100;
export const SETTING_VALUE_MAX = 20_000;
export const SETTING_MESSAGES = {
  valueTooLong: 'A setting can hold at most 20,000 characters',
  tooMany: 'You can keep at most 100 settings. Remove some before adding more.',
} as const;
export const settingValue = text().max(SETTING_VALUE_MAX, SETTING_MESSAGES.valueTooLong);
export const userSettings = z.record(text().regex(SETTING_KEY_PATTERN), settingValue);
export type UserSettings = z.infer<typeof userSettings>;
export const putSettingRequest = z.object({ value: settingValue.nullable() });
/** PUT /current-user/user-settings: several settings at once; null removes one. */
export const putSettingsRequest = z
  .record(settingKeyParam.shape.key, settingValue.nullable())
  .refine((values) => Object.keys(values).length <= SETTINGS_MAX_COUNT, SETTING_MESSAGES.tooMany);

export const loginTokenResponse = z.object({
  success: z.literal(true),
  data: z.object({ tx: text(), sx: text(), expiresAt: text() }),
});

const withOrganisation = member('session', { withoutOrganisation: { notFound: MSG.noOrganisationSelected } });

/** The signed-in person: their details, organisations, menu, settings, sign-in token and sign-out. */
export const currentUserOperations = defineOperations('current-user', {
  details: {
    method: 'GET',
    path: '/current-user/user-details',
    summary: 'The signed-in user',
    access: 'signed-in',
    answer: currentUser,
  },
  orgSummary: {
    method: 'GET',
    path: '/current-user/org-summary',
    summary: 'The current organisation',
    access: withOrganisation,
    answer: orgSummary,
  },
  availableOrgs: {
    method: 'GET',
    path: '/current-user/available-orgs',
    summary: 'Recent and matching organisations',
    access: 'signed-in',
    query: availableOrgsQuery,
    answer: availableOrgs,
  },
  switchOrganisation: {
    method: 'PUT',
    path: '/current-user/organisation/:orgId',
    summary: 'Switch the session to another organisation',
    access: member('params.orgId', { refusal: MSG.switchFailed }),
    intent: 'own-session',
    params: orgParam,
    answer: z.object({ success: z.literal(true), data: orgSummary }),
  },
  fullMenu: {
    method: 'GET',
    path: '/current-user/full-menu',
    summary: 'Screens the user may open',
    access: 'signed-in',
    answer: fullMenu,
  },
  settings: {
    method: 'GET',
    path: '/current-user/user-settings',
    summary: "All of the user's settings",
    access: 'signed-in',
    answer: userSettings,
  },
  setting: {
    method: 'GET',
    path: '/current-user/user-settings/:key',
    summary: 'One setting (null when unset)',
    access: 'signed-in',
    params: settingKeyParam,
    answer: z.record(text(), settingValue.nullable()),
  },
  saveSettings: {
    method: 'PUT',
    path: '/current-user/user-settings',
    summary: 'Save several settings; null removes one',
    access: 'signed-in',
    body: putSettingsRequest,
    answer: userSettings,
  },
  saveSetting: {
    method: 'PUT',
    path: '/current-user/user-settings/:key',
    summary: 'Save one setting; null removes it',
    access: 'signed-in',
    params: settingKeyParam,
    body: putSettingRequest,
    answer: userSettings,
  },
  loginToken: {
    method: 'POST',
    path: '/current-user/login-token',
    summary: 'A one-time tx/sx pair that signs in as the caller',
    access: 'signed-in',
    answer: loginTokenResponse,
  },
  logout: {
    method: 'POST',
    path: '/current-user/logout',
    summary: 'End the session',
    access: 'signed-in',
    intent: 'own-session',
    answer: okResponse,
  },
});
