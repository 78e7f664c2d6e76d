import { z } from 'zod';
import { int4, int4Param, text } from './common';
import { HEADERS } from './headers';

/** Assets that hold files, and the API path segment of each. */
export const fileOwnerType = z.enum(['organisation', 'site', 'entity', 'meter']);
export type FileOwnerType = z.infer<typeof fileOwnerType>;
export const FILE_OWNER_PATHS: Record<FileOwnerType, string> = {
  organisation: 'organisations',
  site: 'sites',
  entity: 'entities',
  meter: 'meters',
};

/** Uploads are the raw bytes with the file name (URI-encoded) in this header. */
export const FILENAME_HEADER = HEADERS.filename;

export const fileItem = z.object({
  id: int4(),
  filename: text(),
  contentType: text(),
  sizeBytes: int4(),
  defaultImage: z.boolean(),
  createdAt: text(),
  /** 'image' and 'pdf' get a preview in the gallery; 'other' a generic icon. */
  kind: z.enum(['image', 'pdf', 'other']),
  /** Direct, short-lived links that work in <img src> and <a href> without the bearer header. */
  downloadUrl: text(),
  thumbnailUrl: text().nullable(),
});
export type FileItem = z.infer<typeof fileItem>;

export const filesList = z.object({ files: z.array(fileItem), mayEdit: z.boolean() });
export type FilesList = z.infer<typeof filesList>;

export const fileOwnerParams = z.object({ id: int4Param().positive() });
export const fileParams = z.object({
  id: int4Param().positive(),
  fileId: int4Param().positive(),
});
/** Making an image the default when another one is: delete the old image or keep it as a plain file. */
export const replaceQuery = z.object({ replace: z.enum(['delete', 'keep']).default('keep') });
export type ReplaceMode = z.infer<typeof replaceQuery>['replace'];

export const directParams = z.object({ token: text().min(1).max(400), fileId: int4Param() });
export const directLogoParams = z.object({
  token: text().min(1).max(400),
  organisationId: int4Param(),
});

export const logoAnswer = z.object({
  logo: z.object({ url: text(), contentType: text() }).nullable(),
  mayEdit: z.boolean(),
});
export type LogoAnswer = z.infer<typeof logoAnswer>;
