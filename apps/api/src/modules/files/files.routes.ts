import type { Access } from '@verdant/contracts/access';
import { okResponse } from '@verdant/contracts/common';
import {
  directLogoParams,
  directParams,
  FILE_OWNER_PATHS,
  FILENAME_HEADER,
  fileItem,
  fileOwnerParams,
  fileOwnerType,
  fileParams,
  filesList,
  logoAnswer,
  replaceQuery,
} from '@verdant/contracts/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorOf, memberOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import { FILE_MAX_BYTES, tooLarge } from './file-types';
import type { Download, FilesService, Upload } from './files.service';

const errors = REQUEST_ERRORS;
const signedInBase = signedInDocs('Files');
const rawBody = { description: 'The raw bytes; the file name, URI-encoded, in the x-filename header.' };
const deleted = okResponse.extend({ message: z.string() });

/** The upload body is the file's raw bytes; anything over the limit is refused with a clear message. */
function readUpload(req: FastifyRequest): Upload {
  const header = req.headers[FILENAME_HEADER];
  let filename = Array.isArray(header) ? header[0] : header;
  try {
    filename = filename === undefined ? undefined : decodeURIComponent(filename);
  } catch {
    // Not URI-encoded: take it as sent.
  }
  return { filename, bytes: Buffer.isBuffer(req.body) ? req.body : undefined };
}

function send(reply: FastifyReply, d: Download) {
  reply.header('content-type', d.contentType).header('cache-control', 'private, max-age=3600');
  if (d.filename) {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(d.filename)}`);
  }
  return reply.send(d.stream);
}

/** Files and logo calls (signed in) and the direct links (token in the path, for <img src>). */
export const filesRoutes: FastifyPluginAsyncZod<{ service: FilesService }> = async (app, { service }) => {
  app.addContentTypeParser('*', (req, payload, done) => {
    if (Number(req.headers['content-length'] ?? 0) > FILE_MAX_BYTES) {
      payload.resume();
      return done(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= FILE_MAX_BYTES) chunks.push(chunk);
    });
    payload.on('end', () => (size > FILE_MAX_BYTES ? done(tooLarge()) : done(null, Buffer.concat(chunks))));
    payload.on('error', (error) => done(error));
  });

  app.get(
    '/direct/:token/files/:fileId',
    {
      config: { access: 'signed-link' },
      schema: { tags: ['Files'], summary: 'Download a file through a direct link', params: directParams },
    },
    async (req, reply) => send(reply, await service.direct(req.params.token, req.params.fileId, false)),
  );
  app.get(
    '/direct/:token/files/:fileId/thumbnail',
    {
      config: { access: 'signed-link' },
      schema: { tags: ['Files'], summary: "A file's thumbnail through a direct link", params: directParams },
    },
    async (req, reply) => send(reply, await service.direct(req.params.token, req.params.fileId, true)),
  );
  app.get(
    '/direct/:token/logo/:organisationId',
    {
      config: { access: 'signed-link' },
      schema: {
        tags: ['Files'],
        summary: 'An organisation logo through a direct link',
        params: directLogoParams,
      },
    },
    async (req, reply) => send(reply, await service.directLogo(req.params.token, req.params.organisationId)),
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    for (const type of fileOwnerType.options) {
      const at = `/${FILE_OWNER_PATHS[type]}/:id/files`;
      const owner = (id: number) => ({ type, id });
      // An organisation's files follow its members' levels; the others, rights on the asset itself.
      const rule = (action: 'view' | 'edit'): { access: Access } => ({
        access:
          type === 'organisation'
            ? { role: action === 'view' ? 'member' : 'editor', organisation: 'params.id' }
            : { action, asset: { [type]: 'params.id' } },
      });
      signedIn.get(
        at,
        {
          config: rule('view'),
          schema: {
            ...signedInBase,
            summary: `Files of a ${type}`,
            params: fileOwnerParams,
            response: { 200: filesList, ...errors },
          },
        },
        async (req) => service.list(callerOf(req), owner(req.params.id)),
      );
      signedIn.post(
        at,
        {
          config: rule('edit'),
          schema: {
            ...signedInBase,
            summary: `Upload a file to a ${type}`,
            description: rawBody.description,
            params: fileOwnerParams,
            response: { 200: fileItem, ...errors },
          },
        },
        async (req) => service.upload(callerOf(req), owner(req.params.id), readUpload(req)),
      );
      signedIn.post(
        `${at}/default`,
        {
          config: rule('edit'),
          schema: {
            ...signedInBase,
            summary: `Upload an image and make it the ${type}'s default`,
            description: rawBody.description,
            params: fileOwnerParams,
            querystring: replaceQuery,
            response: { 200: fileItem, ...errors },
          },
        },
        async (req) => service.upload(callerOf(req), owner(req.params.id), readUpload(req), req.query),
      );
      signedIn.put(
        `${at}/:fileId`,
        {
          config: rule('edit'),
          schema: {
            ...signedInBase,
            summary: `Make a file the ${type}'s default image`,
            params: fileParams,
            querystring: replaceQuery,
            response: { 200: fileItem, ...errors },
          },
        },
        async (req) =>
          service.makeDefault(callerOf(req), owner(req.params.id), req.params.fileId, req.query.replace),
      );
      signedIn.delete(
        `${at}/:fileId`,
        {
          config: rule('edit'),
          schema: {
            ...signedInBase,
            summary: `Delete a file of a ${type}`,
            params: fileParams,
            response: { 200: deleted, ...errors },
          },
        },
        async (req) => service.remove(callerOf(req), owner(req.params.id), req.params.fileId),
      );
    }

    const logoAt = '/organisations/:id/logo';
    const logoBase = { ...signedInBase, tags: ['Organisation logo'], params: fileOwnerParams };
    signedIn.get(
      logoAt,
      {
        config: memberOf('params.id'),
        schema: {
          ...logoBase,
          summary: "The organisation's logo link",
          response: { 200: logoAnswer, ...errors },
        },
      },
      async (req) => service.logo(callerOf(req), req.params.id),
    );
    signedIn.post(
      logoAt,
      {
        config: administratorOf('params.id'),
        schema: {
          ...logoBase,
          summary: 'Upload or replace the logo',
          description: rawBody.description,
          response: { 200: logoAnswer, ...errors },
        },
      },
      async (req) => service.uploadLogo(callerOf(req), req.params.id, readUpload(req)),
    );
    signedIn.delete(
      logoAt,
      {
        config: administratorOf('params.id'),
        schema: { ...logoBase, summary: 'Delete the logo', response: { 200: okResponse, ...errors } },
      },
      async (req) => service.deleteLogo(callerOf(req), req.params.id),
    );
  });
};
