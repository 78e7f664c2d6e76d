import type { User, UserUpdate } from '@verdant/contracts/users';

/** The editable fields of a user, as PUT /users/{id} wants them: the whole set, every time. */
export function toUserUpdate(user: User): UserUpdate {
  return {
    email: user.email,
    title: user.title,
    firstName: user.firstName,
    surname: user.surname,
    position: user.position,
    employingOrganisation: user.employingOrganisation,
    contactAddress1: user.contactAddress1,
    contactAddress2: user.contactAddress2,
    contactAddress3: user.contactAddress3,
    contactAddress4: user.contactAddress4,
    mobile: user.mobile,
    ddiPhone: user.ddiPhone,
    extension: user.extension,
    fax: user.fax,
  };
}

/** The whole update with one change applied, as each inline field and toggle sends it. */
export function withChange(user: User, change: Partial<UserUpdate>): UserUpdate {
  return { ...toUserUpdate(user), ...change };
}
