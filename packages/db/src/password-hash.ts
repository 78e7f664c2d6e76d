import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with the OWASP-recommended memory and time costs.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A real hash of a random secret, verified against when the user is unknown so that timing reveals nothing.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummy;
}
