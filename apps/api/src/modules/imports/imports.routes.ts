import type { Readable } from 'node:stream';
import { errorResponse } from '@verdant/contracts/common';
import { FILENAME_HEADER } from '@verdant/contracts/files';
import {
  importJobAnswer,
  importJobParams,
  loadingJobs,
  meterLoadAnswer,
  meterLoadPreview,
  meterLoadQuery,
} from '@verdant/contracts/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { IMPORT_MAX_BYTES, type ImportsService, importTooLarge } from './imports.service';
import { WORKBOOK_PREVIEW_BYTES } from './preview-rows';

const base = { tags: ['Data loads'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
/** The organisation's editors load data (observers cannot change it, so they have no use for the loads). */
const editors = { access: { role: 'editor', organisation: 'session' } } as const;
const rawBody = { description: "The file's raw bytes; its name, URI-encoded, in the x-filename header." };

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

/** Data loads (data-portal.md 7, jobs): the upload, its status, the /loading list, the error report. */
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

  app.post(
    '/jobs/meter-load',
    {
      config: editors,
      schema: {
        ...base,
        summary: 'Upload a data file to load (CSV readings, NEM12, EIEP3, EIEP13A, Green Button, invoices)',
        description: rawBody.description,
        querystring: meterLoadQuery,
        response: { 200: meterLoadAnswer, ...errors },
      },
    },
    async (req) =>
      service.upload(
        callerOf(req),
        { filename: filenameOf(req.headers[FILENAME_HEADER]), body: req.body as Readable | undefined },
        req.query,
      ),
  );
  app.post(
    '/jobs/meter-load/preview',
    {
      config: editors,
      schema: {
        ...base,
        summary:
          "What the upload dialog shows from a file's first bytes: its format, first rows, the mapping",
        description: "The file's first 64 kB as raw bytes (an XLSX workbook of up to 5 MB whole).",
        response: { 200: meterLoadPreview, ...errors },
      },
    },
    async (req) => service.preview(callerOf(req), await readHead(req.body as Readable | undefined)),
  );
  app.get(
    '/jobs/:uuid/status',
    {
      config: editors,
      schema: {
        ...base,
        summary: "A data load's status, counts and error",
        params: importJobParams,
        response: { 200: importJobAnswer, ...errors },
      },
    },
    async (req) => service.status(callerOf(req), req.params.uuid),
  );
  app.get(
    '/jobs/:uuid/error-report',
    {
      config: editors,
      schema: {
        ...base,
        summary: 'The rows a data load refused, with their lines and reasons (CSV)',
        params: importJobParams,
      },
    },
    async (req, reply) => {
      const d = await service.report(callerOf(req), req.params.uuid);
      reply
        .header('content-type', d.contentType)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(d.filename ?? '')}`,
        );
      return reply.send(d.stream);
    },
  );
  app.get(
    '/loading/jobs',
    {
      config: editors,
      schema: {
        ...base,
        summary: "The organisation's data loads, newest first",
        response: { 200: loadingJobs, ...errors },
      },
    },
    async (req) => service.list(callerOf(req)),
  );
};
