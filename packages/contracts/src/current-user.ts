import { z } from 'zod';

export const currentUser = z.object({
  id: z.number(),
  org: z.number().nullable(),
  userId: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  firstName: z.string(),
  surname: z.string(),
  admin: z.boolean(),
  productAdmin: z.boolean(),
  access: z.string(),
  accessId: z.number(),
  blocked: z.boolean(),
  orgBlocked: z.boolean(),
  statusId: z.number(),
  conttypeId: z.number(),
  accessMechanism: z.enum(['password', 'sso']),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const orgSummary = z.object({ id: z.number(), name: z.string(), alerts: z.number() });
export type OrgSummary = z.infer<typeof orgSummary>;

export const orgListItem = z.object({
  id: z.number(),
  name: z.string(),
  lastUsed: z.string().nullable(),
  disabled: z.boolean(),
});
export type OrgListItem = z.infer<typeof orgListItem>;

export const availableOrgsQuery = z.object({ q: z.string().max(200).optional() });
export const availableOrgs = z.object({ recent: z.array(orgListItem), results: z.array(orgListItem) });
export type AvailableOrgs = z.infer<typeof availableOrgs>;

export const menuItem = z.object({
  id: z.string(),
  label: z.string(),
  path: z.string(),
  section: z.string(),
  description: z.string(),
});
export type MenuItem = z.infer<typeof menuItem>;
export const fullMenu = z.object({ items: z.array(menuItem) });

export const orgParam = z.object({ orgId: z.coerce.number().int().positive() });

export const SETTING_KEY_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const settingKeyParam = z.object({
  key: z.string().regex(SETTING_KEY_PATTERN, 'Setting names use letters, digits, dot, dash and underscore'),
});
export const settingValue = z.string().max(20_000);
export const userSettings = z.record(z.string().regex(SETTING_KEY_PATTERN), settingValue);
export type UserSettings = z.infer<typeof userSettings>;
export const putSettingRequest = z.object({ value: settingValue.nullable() });
