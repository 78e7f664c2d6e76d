import type { Readable } from 'node:stream';
import { FILENAME_HEADER } from '@verdant/contracts/files';
import { importsOperations } from '@verdant/contracts/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import { IMPORT_MAX_BYTES, type ImportsService, importTooLarge } from './imports.service';
import { WORKBOOK_PREVIEW_BYTES } from './preview-rows';

const filenameOf = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Reads a small body (the preview's first bytes) whole, refusing more than the preview needs. */
async function readHead(body: Readable | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body ?? []) {
    size += (chunk as Buffer).length;
    if (size > WORKBOOK_PREVIEW_BYTES) throw importTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Data loads (data-portal.md 7, jobs): the upload, its preview and status, the /loading list, the error report.
 * Their bodies are handed on unread, so the JSON operations of the table are registered beside them
 * (unknown-meters.routes.ts).
 */
export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
  // The upload streams to storage as it arrives: its body, whatever its content type, is handed on unread
  // (refused early when it says it is too large).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) {
      payload.resume();
      return done(importTooLarge());
    }
    done(null, payload);
  });

  const { upload, preview, status, errorReport, list } = importsOperations;
  registerOperations(
    app,
    { upload, preview, status, errorReport, list },
    {
      upload: (req) =>
        service.upload(
          callerOf(req),
          { filename: filenameOf(req.headers[FILENAME_HEADER]), body: req.body as Readable | undefined },
          req.query,
        ),
      preview: async (req) =>
        service.preview(callerOf(req), await readHead(req.body as Readable | undefined)),
      status: (req) => service.status(callerOf(req), req.params.uuid),
      errorReport: async (req, reply) => {
        const d = await service.report(callerOf(req), req.params.uuid);
        reply
          .header('content-type', d.contentType)
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(d.filename ?? '')}`,
          );
        return reply.send(d.stream);
      },
      list: (req) => service.list(callerOf(req)),
    },
  );
};
