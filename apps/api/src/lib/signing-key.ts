import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The installation's key for signed links (file and logo links, email-change confirmations). It lives in
 * DATA_DIR so that links survive a restart; API processes sharing a database but not a DATA_DIR set
 * FILE_LINK_SECRET instead. Each use signs its own prefix, so a token of one kind never opens another.
 */
export function createSigner({ dataDir, secret }: { dataDir: string; secret?: string }) {
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
  const sign = (text: string) => createHmac('sha256', signingKey()).update(text).digest('base64url');
  return {
    sign,
    /** Whether `signature` is this key's signature of `text`, compared in constant time. */
    verify(text: string, signature: string): boolean {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type Signer = ReturnType<typeof createSigner>;
