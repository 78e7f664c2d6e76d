import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { badRequest } from '../../lib/errors';
import { cleanFilename, contentMatches, extensionOf } from '../../lib/file-types';

/** A portal attachment is at most 10 MB: a phone photo of a meter or a scanned docket. */
export const PORTAL_ATTACHMENT_MB = 10;

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

export interface CheckedAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Decodes and checks a photo or PDF: its type by name and by content, and its size. */
export async function checkAttachment(a: { filename: string; data: string }): Promise<CheckedAttachment> {
  const filename = cleanFilename(a.filename);
  const ext = extensionOf(filename);
  const contentType = TYPES[ext];
  if (!filename || !contentType)
    throw badRequest(PORTAL_MSG.photoType, { attachment: [PORTAL_MSG.photoType] });
  const bytes = Buffer.from(a.data, 'base64');
  if (bytes.length > PORTAL_ATTACHMENT_MB * 1024 * 1024) {
    const message = fill(PORTAL_MSG.photoTooLarge, { size: PORTAL_ATTACHMENT_MB });
    throw badRequest(message, { attachment: [message] });
  }
  if (bytes.length === 0 || !(await contentMatches(ext, bytes)))
    throw badRequest(PORTAL_MSG.photoUnreadable, { attachment: [PORTAL_MSG.photoUnreadable] });
  return { filename, contentType, bytes };
}
