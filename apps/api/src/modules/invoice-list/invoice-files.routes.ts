import { errorResponse, idParam } from '@verdant/contracts/common';
import {
  invoiceFileParams,
  invoiceFilesOperations,
  invoiceUploadQuery,
  rawDataUrlAnswer,
  rawDataUrlRequest,
  uploadAnswer,
} from '@verdant/contracts/invoice-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, tooLarge } from '../../lib/file-types';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { InvoiceFilesService } from './invoice-files.service';

const base = { tags: ['Invoice files'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const edit = { access: { action: 'edit', asset: { invoice: 'params.id' } } } as const;

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

  registerOperations(app, invoiceFilesOperations, {
    linkOptions: (req) => service.linkOptions(callerOf(req), req.params.id),
    linkOriginal: (req) => service.linkOriginal(callerOf(req), req.params.id, req.body.folder),
  });
  app.post(
    '/invoices/:id/raw-data-url',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'A signed URL to upload the original PDF or a raw data file to',
        params: idParam,
        body: rawDataUrlRequest,
        response: { 200: rawDataUrlAnswer, ...errors },
      },
    },
    async (req) => service.uploadUrl(callerOf(req), req.params.id, req.body),
  );
  app.put(
    '/direct/:token/invoice-files/:invoiceId/:key',
    {
      config: { access: 'signed-link' },
      schema: {
        tags: ['Invoice files'],
        summary: 'The upload itself: the raw bytes, PUT to the signed URL',
        params: invoiceFileParams,
        querystring: invoiceUploadQuery,
        response: { 200: uploadAnswer, ...errors },
      },
    },
    async (req) =>
      service.receive(
        req.params.token,
        req.params.invoiceId,
        req.params.key,
        req.query,
        Buffer.isBuffer(req.body) ? req.body : undefined,
      ),
  );
  app.get(
    '/direct/:token/invoice-files/:invoiceId/:key',
    {
      config: { access: 'signed-link' },
      schema: {
        tags: ['Invoice files'],
        summary: 'An uploaded invoice file through its link',
        params: invoiceFileParams,
      },
    },
    async (req, reply) => {
      const d = await service.download(req.params.token, req.params.invoiceId, req.params.key);
      reply.header('content-type', d.contentType).header('cache-control', 'private, max-age=3600');
      if (d.filename)
        reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(d.filename)}`);
      return reply.send(d.stream);
    },
  );
};
