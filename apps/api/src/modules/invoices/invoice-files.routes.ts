import { filesOperations } from '@verdant/contracts/invoices/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, tooLarge } from '../../lib/file-types';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { InvoiceFilesService } from './invoice-files.service';

/** The original PDF and raw data files of an invoice: signed upload URL, the upload itself, links. */
export const invoiceFilesRoutes: FastifyPluginAsyncZod<{ service: InvoiceFilesService }> = async (
  app,
  { service },
) => {
  // The signed upload's body is the file's raw bytes, refused past the limit without reading it all.
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

  registerOperations(app, filesOperations, {
    rawDataUrl: (req) => service.uploadUrl(callerOf(req), req.params.id, req.body),
    linkOptions: (req) => service.linkOptions(callerOf(req), req.params.id),
    pdfFilename: (req) => service.pdfFilename(callerOf(req), req.params.id),
    preauthLink: (req) => service.preauthLink(callerOf(req), req.params.id, req.params.x),
    linkOriginal: (req) => service.linkOriginal(callerOf(req), req.params.id, req.body.folder),
    upload: (req) =>
      service.receive(
        req.params.token,
        req.params.invoiceId,
        req.params.key,
        req.query,
        Buffer.isBuffer(req.body) ? req.body : undefined,
      ),
    download: async (req, reply) => {
      const d = await service.download(req.params.token, req.params.invoiceId, req.params.key);
      reply.header('content-type', d.contentType).header('cache-control', 'private, max-age=3600');
      if (d.filename)
        reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(d.filename)}`);
      return reply.send(d.stream);
    },
  });
};
