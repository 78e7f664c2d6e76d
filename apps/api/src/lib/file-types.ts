import { INPUT_MESSAGES, nameText } from '@verdant/contracts/common';
import { FILE_MAX_MB, FILE_UPLOAD_TYPES, IMAGE_TYPES } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from './errors';

const CONTENT_TYPES: Record<(typeof FILE_UPLOAD_TYPES)[number], string> = {
  png: 'image/png',
  bmp: 'image/bmp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

export const FILE_MAX_BYTES = FILE_MAX_MB * 1024 * 1024;
export const tooLarge = () => badRequest(fill(MSG.fileTooLarge, { size: FILE_MAX_MB }));

export const extensionOf = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};
export const isImage = (ext: string) => (IMAGE_TYPES as readonly string[]).includes(ext);
export const kindOf = (ext: string): 'image' | 'pdf' | 'other' =>
  isImage(ext) ? 'image' : ext === 'pdf' ? 'pdf' : 'other';

/** An upload's name as kept: no path separators or control characters, at most 255 characters. */
export const cleanFilename = (rawName: string | undefined) =>
  (rawName ?? '')
    .replace(/[\\/]/g, '_')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255);

/** Refuses a name that disguises what it is ('Safe\u202Egnp.exe' shows as 'Safeexe.png'), as names in bodies are. */
function assertNameShowsItself(filename: string) {
  if (!nameText().safeParse(filename).success) throw badRequest(INPUT_MESSAGES.disguised);
}

/** Checks an upload's name, type and size; answers the clean name, extension and content type. */
export function checkUpload(rawName: string | undefined, bytes: Buffer | undefined, imagesOnly?: string) {
  const filename = cleanFilename(rawName);
  if (!filename) throw badRequest(MSG.fileNameMissing);
  assertNameShowsItself(filename);
  const ext = extensionOf(filename);
  if (imagesOnly !== undefined && !isImage(ext)) throw badRequest(imagesOnly);
  if (!(ext in CONTENT_TYPES)) {
    throw badRequest(
      fill(MSG.fileTypeNotAllowed, { type: ext || '(none)', types: FILE_UPLOAD_TYPES.join(', ') }),
    );
  }
  if (!bytes || bytes.length === 0) throw badRequest(MSG.fileEmpty);
  if (bytes.length > FILE_MAX_BYTES) throw tooLarge();
  return { filename, ext, contentType: CONTENT_TYPES[ext as keyof typeof CONTENT_TYPES] };
}

/**
 * Whether the bytes are what the file's type claims (docs/decisions/security.md, "Uploads checked against
 * their content"): a binary format must be recognised as that format by its magic bytes; a text format (csv,
 * txt) must not be recognised as any binary one. An HTML page saved as report.pdf is not a PDF.
 */
export async function contentMatches(ext: string, bytes: Buffer): Promise<boolean> {
  const found = await fileTypeFromBuffer(bytes);
  if (ext === 'csv' || ext === 'txt') return found === undefined;
  if (!found) return false;
  if (found.ext === ext) return true;
  if (ext === 'jpeg' && found.ext === 'jpg') return true;
  // Legacy Office files are compound documents; file-type names the container.
  return (ext === 'xls' || ext === 'doc') && found.ext === 'cfb';
}

/** Refuses an upload whose content is not what its name's type claims. */
export async function assertContentMatches(file: { ext: string }, bytes: Buffer) {
  if (!(await contentMatches(file.ext, bytes)))
    throw badRequest(fill(MSG.invoiceFileMismatch, { type: file.ext }));
}

/** The content type of a stored logo, whose key ends in its extension. */
export const logoContentType = (key: string) =>
  CONTENT_TYPES[(key.split('-').pop() ?? '') as keyof typeof CONTENT_TYPES] ?? 'application/octet-stream';
