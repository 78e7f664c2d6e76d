import { isPasswordComplex, looksLikeEmail } from '@verdant/domain/passwords';
import { z } from 'zod';
import { idNumber, int4Param, nameText, text } from '../common';

export const USER_MESSAGES = {
  emailNotValid: 'Email address is not valid',
  emailInUse:
    'Email address is already in use. Please contact your product provider if this person needs access.',
  loginIdRequired: 'Login ID is required',
  loginIdSpaces: 'Login ID cannot contain spaces',
  loginIdInUse: 'Login ID is already in use',
  nameTooShort: 'Must be at least 2 characters',
  userDeleteFailed: 'User could not be deleted. Please try again later',
  userDeleted: '{name} was deleted',
  userCreated: 'User {name} created',
  resetSent: '{name} has been sent password reset instructions.',
  loginIdOtherEmail: 'A login ID that is an email address must be the person’s own email address',
  notOnYourself: 'You cannot do that to your own account',
  emailChangeNotAllowed:
    'Only the person, a product administrator or an administrator of every organisation they belong to may change their email address.',
  privilegedRecord: 'Only an administrator may change the details of an administrator or a Primary Contact.',
  emailChangeSent: 'A link to confirm the new email address has been sent to {email}.',
  emailChangeLinkInvalid: 'This link is invalid or has expired. Please change the email address again.',
  emailChanged: 'The email address of the account is now {email}.',
} as const;

/** Access levels a user may be granted in an organisation; -2 (None or Remove) takes the membership away. */
export const grantLevel = int4Param().refine((v) => [2, 3, 4, -1, -2].includes(v), 'Unknown access level');

const optionalText = (max = 200) => text().trim().max(max).nullable().optional();
const name = nameText().trim().min(2, USER_MESSAGES.nameTooShort).max(100);
const email = text().trim().max(320).refine(looksLikeEmail, USER_MESSAGES.emailNotValid);
const loginId = nameText()
  .min(1, USER_MESSAGES.loginIdRequired)
  .max(100)
  .refine((v) => !/\s/.test(v), USER_MESSAGES.loginIdSpaces);

/** The spec's User, as the users list and the details panel see it. */
export const user = z.object({
  id: z.number(),
  email: text(),
  userId: text(),
  title: text().nullable(),
  firstName: text(),
  surname: text(),
  position: text().nullable(),
  employingOrganisation: text().nullable(),
  contactAddress1: text().nullable(),
  contactAddress2: text().nullable(),
  contactAddress3: text().nullable(),
  contactAddress4: text().nullable(),
  mobile: text().nullable(),
  ddiPhone: text().nullable(),
  extension: text().nullable(),
  fax: text().nullable(),
  lastVisit: text().nullable(),
  accessId: z.number(),
  accessLevel: text(),
  admin: z.boolean(),
  blocked: z.boolean(),
  orgBlocked: z.boolean(),
  sso: z.boolean(),
  /** Whether the caller may edit this user. */
  mayEdit: z.boolean(),
});
export type User = z.infer<typeof user>;

export const usersQuery = z.object({
  offset: int4Param({ min: 0 }).default(0),
  limit: int4Param({ min: 1, max: 100 }).default(100),
  q: text().trim().max(200).optional(),
});
export const usersList = z.object({ mayEdit: z.boolean(), total: z.number(), users: z.array(user) });
export type UsersList = z.infer<typeof usersList>;

/** The editable fields of PUT /users/{id} (the whole user; read-only fields are ignored). */
export const userUpdate = z.object({
  email,
  title: optionalText(20),
  firstName: name,
  surname: name,
  position: optionalText(),
  employingOrganisation: optionalText(),
  contactAddress1: optionalText(),
  contactAddress2: optionalText(),
  contactAddress3: optionalText(),
  contactAddress4: optionalText(),
  mobile: optionalText(50),
  ddiPhone: optionalText(50),
  extension: optionalText(20),
  fax: optionalText(50),
  admin: z.boolean().optional(),
  blocked: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof userUpdate>;

/**
 * A login ID may be an email address only when it is the person's own: sign-in by identifier must find one
 * person, so a login ID is never someone else's address (docs/decisions/security.md).
 */
export const createUserRequest = z
  .object({
    email,
    userId: loginId,
    title: optionalText(20),
    firstName: name,
    surname: name,
  })
  .refine((u) => !looksLikeEmail(u.userId) || u.userId.toLowerCase() === u.email.toLowerCase(), {
    message: USER_MESSAGES.loginIdOtherEmail,
    path: ['userId'],
  });
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const changePasswordRequest = z.object({
  current: text().min(1).max(1024),
  new: text().max(1024).refine(isPasswordComplex, 'Password requires greater complexity'),
});
export const resetPasswordRequest = z.object({ password: text().min(1).max(1024) });

export const checkAnswer = z.object({ success: z.boolean(), message: text().optional() });

export const userIdParam = z.object({ id: idNumber() });
export const userOrgParams = z.object({
  id: idNumber(),
  orgId: idNumber(),
});
export const grantParams = userOrgParams.extend({ accessId: grantLevel });
export const emailParam = z.object({ email: text().max(320) });
export const loginIdParam = z.object({ id: text().max(100) });
export const createAndGrantParams = z.object({ level: grantLevel, org: idNumber() });

export const ASSET_TYPES = ['organisation', 'site-group', 'meter-group', 'site', 'entity', 'meter'] as const;
export const assetType = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof assetType>;

export const advancedRight = z.object({
  assetType,
  assetId: z.number(),
  assetName: text(),
  rightId: z.number(),
  subRights: z.array(text()),
});
export type AdvancedRight = z.infer<typeof advancedRight>;

export const advancedRightParams = userOrgParams.extend({
  assetType,
  assetId: idNumber(),
});
export const advancedRightGrantParams = advancedRightParams.extend({ rightId: grantLevel });
export const copyRightsParams = userOrgParams.extend({ otherUserId: idNumber() });

export const messageAnswer = z.object({ success: z.literal(true), message: text() });
export const createdUserAnswer = z.object({ success: z.literal(true), message: text(), data: user });

/**
 * The link mailed to the old address to confirm a change of email (docs/decisions/users.md, A change of email
 * is confirmed from the old address).
 */
export const emailChangeToken = z.object({ token: text().min(1).max(1000) });
export const emailChangeStatus = z.object({
  valid: z.boolean(),
  email: text().optional(),
  newEmail: text().optional(),
});
export type EmailChangeStatus = z.infer<typeof emailChangeStatus>;
