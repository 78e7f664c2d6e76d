import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_LINK_MINUTES } from '@verdant/domain/constants';

/**
 * Short-lived signed links for <img src> and downloads, which cannot carry the bearer header. A token
 * names one subject (one file, or one organisation's current logo) and an expiry; it opens nothing else.
 * The key lives in DATA_DIR so that links survive a restart; API processes sharing a database but not a
 * DATA_DIR set FILE_LINK_SECRET instead.
 */
export function createDirectLinks({ dataDir, secret }: { dataDir: string; secret?: string }) {
  let key: Buffer | undefined = secret ? Buffer.from(secret) : undefined;
  const signingKey = () => {
    if (key) return key;
    const file = path.join(dataDir, 'file-link-secret');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      try {
        writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch {
        // Another process wrote it first; read theirs.
      }
    }
    key = Buffer.from(readFileSync(file, 'utf8').trim());
    return key;
  };
  const sign = (subject: string, expires: number) =>
    createHmac('sha256', signingKey()).update(`${subject}|${expires}`).digest('base64url');

  return {
    issue(subject: string, now: Date): string {
      const expires = Math.floor(now.getTime() / 1000) + FILE_LINK_MINUTES * 60;
      return `${expires.toString(36)}.${sign(subject, expires)}`;
    },
    /** 'ok', or why the token does not open this subject now. */
    check(token: string, subject: string, now: Date): 'ok' | 'invalid' | 'expired' {
      // Exactly 'expiry.signature': a token with extra parts, padding or other characters opens nothing.
      const parts = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!parts) return 'invalid';
      const [, exp = '', sig = ''] = parts;
      const expires = Number.parseInt(exp, 36);
      if (!Number.isSafeInteger(expires)) return 'invalid';
      const expected = Buffer.from(sign(subject, expires));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
}
export type DirectLinks = ReturnType<typeof createDirectLinks>;
