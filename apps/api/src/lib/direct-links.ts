import { FILE_LINK_MINUTES } from '@verdant/domain/constants';
import { createSigner } from './signing-key';

/**
 * Short-lived signed links for <img src> and downloads, which cannot carry the bearer header. A token
 * names one subject (one file, or one organisation's current logo) and an expiry; it opens nothing else.
 */
export function createDirectLinks({ dataDir, secret }: { dataDir: string; secret?: string }) {
  const signer = createSigner({ dataDir, secret });
  const sign = (subject: string, expires: number) => signer.sign(`${subject}|${expires}`);

  return {
    /** A token for `subject` until `minutes` from now (the files' direct links' lifetime by default). */
    issue(subject: string, now: Date, minutes = FILE_LINK_MINUTES): string {
      const expires = Math.floor(now.getTime() / 1000) + minutes * 60;
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
      if (!signer.verify(`${subject}|${expires}`, sig)) return 'invalid';
      return expires * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
}
export type DirectLinks = ReturnType<typeof createDirectLinks>;

/** The direct download address of a file (what files' answers and attachments link to). */
export const fileUrl = (links: DirectLinks, fileId: number, now: Date) =>
  `/api/direct/${links.issue(`file:${fileId}`, now)}/files/${fileId}`;
