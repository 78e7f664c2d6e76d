import { z } from 'zod';
import { type Access, administrator, editing, editor, member, viewing } from './access';
import { idNumber, int4, int4Param, okResponse, text } from './common';
import { HEADERS } from './headers';
import { defineOperations } from './operations';

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

export const fileOwnerParams = z.object({ id: idNumber() });
export const fileParams = z.object({
  id: idNumber(),
  fileId: idNumber(),
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

const RAW_BODY = 'The raw bytes; the file name, URI-encoded, in the x-filename header.';
export const fileDeleted = okResponse.extend({ message: text() });

/** One owner's files: list, upload, upload a default image, make one the default, delete. */
const ownerSpecs = <P extends string>(type: FileOwnerType, path: P, view: Access, edit: Access) =>
  ({
    list: {
      method: 'GET',
      path: `/${path}/:id/files`,
      summary: `Files of a ${type}`,
      access: view,
      params: fileOwnerParams,
      answer: filesList,
    },
    upload: {
      method: 'POST',
      path: `/${path}/:id/files`,
      summary: `Upload a file to a ${type}`,
      description: RAW_BODY,
      access: edit,
      params: fileOwnerParams,
      bodyType: 'bytes',
      answer: fileItem,
    },
    uploadDefault: {
      method: 'POST',
      path: `/${path}/:id/files/default`,
      summary: `Upload an image and make it the ${type}'s default`,
      description: RAW_BODY,
      access: edit,
      params: fileOwnerParams,
      query: replaceQuery,
      bodyType: 'bytes',
      answer: fileItem,
    },
    setDefault: {
      method: 'PUT',
      path: `/${path}/:id/files/:fileId`,
      summary: `Make a file the ${type}'s default image`,
      access: edit,
      params: fileParams,
      query: replaceQuery,
      answer: fileItem,
    },
    remove: {
      method: 'DELETE',
      path: `/${path}/:id/files/:fileId`,
      summary: `Delete a file of a ${type}`,
      access: edit,
      params: fileParams,
      answer: fileDeleted,
    },
  }) as const;

/** An organisation's files follow its members' levels; the others, rights on the asset itself. */
const organisation = ownerSpecs('organisation', 'organisations', member('params.id'), editor('params.id'));
const site = ownerSpecs('site', 'sites', viewing({ site: 'params.id' }), editing({ site: 'params.id' }));
const entity = ownerSpecs(
  'entity',
  'entities',
  viewing({ entity: 'params.id' }),
  editing({ entity: 'params.id' }),
);
const meter = ownerSpecs('meter', 'meters', viewing({ meter: 'params.id' }), editing({ meter: 'params.id' }));

const direct = { access: 'signed-link', answer: 'file' } as const;
const logo = { params: fileOwnerParams, answer: logoAnswer } as const;

/** Files of organisations, sites, entities and meters, the organisation logo, and their direct links. */
export const filesOperations = defineOperations('files', {
  directFile: {
    method: 'GET',
    path: '/direct/:token/files/:fileId',
    summary: 'Download a file through a direct link',
    params: directParams,
    ...direct,
  },
  directThumbnail: {
    method: 'GET',
    path: '/direct/:token/files/:fileId/thumbnail',
    summary: "A file's thumbnail through a direct link",
    params: directParams,
    ...direct,
  },
  directLogo: {
    method: 'GET',
    path: '/direct/:token/logo/:organisationId',
    summary: 'An organisation logo through a direct link',
    params: directLogoParams,
    ...direct,
  },
  organisationFiles: organisation.list,
  organisationUpload: organisation.upload,
  organisationUploadDefault: organisation.uploadDefault,
  organisationSetDefault: organisation.setDefault,
  organisationRemove: organisation.remove,
  siteFiles: site.list,
  siteUpload: site.upload,
  siteUploadDefault: site.uploadDefault,
  siteSetDefault: site.setDefault,
  siteRemove: site.remove,
  entityFiles: entity.list,
  entityUpload: entity.upload,
  entityUploadDefault: entity.uploadDefault,
  entitySetDefault: entity.setDefault,
  entityRemove: entity.remove,
  meterFiles: meter.list,
  meterUpload: meter.upload,
  meterUploadDefault: meter.uploadDefault,
  meterSetDefault: meter.setDefault,
  meterRemove: meter.remove,
  logo: {
    method: 'GET',
    path: '/organisations/:id/logo',
    summary: "The organisation's logo link",
    access: member('params.id'),
    ...logo,
  },
  uploadLogo: {
    method: 'POST',
    path: '/organisations/:id/logo',
    summary: 'Upload or replace the logo',
    description: RAW_BODY,
    access: administrator('params.id'),
    bodyType: 'bytes',
    ...logo,
  },
  deleteLogo: {
    method: 'DELETE',
    path: '/organisations/:id/logo',
    summary: 'Delete the logo',
    access: administrator('params.id'),
    params: fileOwnerParams,
    answer: okResponse,
  },
});
