import { faker } from '@faker-js/faker';
import type { DbOrTx } from './client';
import { hashPassword } from './password-hash';
import { memberships, organisations, users } from './schema/core';

type NewOrganisation = typeof organisations.$inferInsert;
type NewUser = typeof users.$inferInsert;
type NewMembership = typeof memberships.$inferInsert;

let counter = 0;
const next = () => ++counter;

// Hashing is deliberately slow; factories reuse one hash per distinct password.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

export async function createOrganisation(db: DbOrTx, values: Partial<NewOrganisation> = {}) {
  const [row] = await db
    .insert(organisations)
    .values({ name: values.name ?? `${faker.company.name()} ${next()}`, ...values })
    .returning();
  if (!row) throw new Error('organisation not created');
  return row;
}

export type UserInput = Partial<NewUser> & { password?: string | null };

export async function createUser(db: DbOrTx, { password = 'Verdant-test-1', ...values }: UserInput = {}) {
  const n = next();
  const firstName = values.firstName ?? faker.person.firstName();
  const surname = values.surname ?? faker.person.lastName();
  const loginId = values.loginId ?? `${firstName}.${surname}.${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  const [row] = await db
    .insert(users)
    .values({
      email: values.email ?? `${loginId}@example.test`,
      loginId,
      firstName,
      surname,
      passwordHash: password === null ? null : await cachedHash(password),
      ...values,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function addMembership(db: DbOrTx, values: NewMembership) {
  const [row] = await db.insert(memberships).values(values).returning();
  if (!row) throw new Error('membership not created');
  return row;
}

/** A user with a membership in one organisation, in one call. */
export async function createMember(
  db: DbOrTx,
  organisationId: number,
  {
    accessId = 3,
    admin = false,
    orgBlocked = false,
    ...user
  }: UserInput & { accessId?: number; admin?: boolean; orgBlocked?: boolean } = {},
) {
  const row = await createUser(db, user);
  await addMembership(db, { userId: row.id, organisationId, accessId, admin, orgBlocked });
  return row;
}
