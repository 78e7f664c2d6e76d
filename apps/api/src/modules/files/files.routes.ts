import { FILENAME_HEADER, type FileOwnerType, filesOperations } from '@verdant/contracts/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, tooLarge } from '../../lib/file-types';
import { type OperationRequest, registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { Download, FilesService, Upload } from './files.service';

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

  const owned = (type: FileOwnerType) => {
    const owner = (id: number) => ({ type, id });
    type Ops = typeof filesOperations;
    return {
      list: (req: OperationRequest<Ops['siteFiles']>) => service.list(callerOf(req), owner(req.params.id)),
      upload: (req: OperationRequest<Ops['siteUpload']>) =>
        service.upload(callerOf(req), owner(req.params.id), readUpload(req)),
      uploadDefault: (req: OperationRequest<Ops['siteUploadDefault']>) =>
        service.upload(callerOf(req), owner(req.params.id), readUpload(req), req.query),
      setDefault: (req: OperationRequest<Ops['siteSetDefault']>) =>
        service.makeDefault(callerOf(req), owner(req.params.id), req.params.fileId, req.query.replace),
      remove: (req: OperationRequest<Ops['siteRemove']>) =>
        service.remove(callerOf(req), owner(req.params.id), req.params.fileId),
    };
  };
  const organisation = owned('organisation');
  const site = owned('site');
  const entity = owned('entity');
  const meter = owned('meter');

  registerOperations(app, filesOperations, {
    directFile: async (req, reply) =>
      send(reply, await service.direct(req.params.token, req.params.fileId, false)),
    directThumbnail: async (req, reply) =>
      send(reply, await service.direct(req.params.token, req.params.fileId, true)),
    directLogo: async (req, reply) =>
      send(reply, await service.directLogo(req.params.token, req.params.organisationId)),
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
    logo: (req) => service.logo(callerOf(req), req.params.id),
    uploadLogo: (req) => service.uploadLogo(callerOf(req), req.params.id, readUpload(req)),
    deleteLogo: (req) => service.deleteLogo(callerOf(req), req.params.id),
  });
};
