import { z } from 'zod';
import { int4Param, text } from './common';

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

export const orgSummary = z.object({ id: z.number(), name: text(), alerts: z.number() });
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

export const orgParam = z.object({ orgId: int4Param().positive() });

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
