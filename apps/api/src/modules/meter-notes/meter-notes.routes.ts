import { idParam } from '@verdant/contracts/common';
import { meterNote, meterNoteInput, meterNotesList, noteParams } from '@verdant/contracts/meter-notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onAsset, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { MeterNotesService } from './meter-notes.service';

const base = signedInDocs('Data source notes');
const errors = REQUEST_ERRORS;
const view = onAsset('view', 'meter');
const edit = onAsset('edit', 'meter');

export const meterNotesRoutes: FastifyPluginAsyncZod<{ service: MeterNotesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/comments',
    {
      config: view,
      schema: {
        ...base,
        summary: "The data source's notes",
        params: idParam,
        response: { 200: meterNotesList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id),
  );
  app.get(
    '/meters/:id/comments/:noteId',
    {
      config: view,
      schema: { ...base, summary: 'One note', params: noteParams, response: { 200: meterNote, ...errors } },
    },
    async (req) => service.get(callerOf(req), req.params.id, req.params.noteId),
  );
  app.post(
    '/meters/:id/comments',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Add a note (ongoing, for a period, or bound to one of its invoices)',
        params: idParam,
        body: meterNoteInput,
        response: { 200: meterNote, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );
  app.put(
    '/meters/:id/comments/:noteId',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Change a note (an ongoing one can be ended)',
        params: noteParams,
        body: meterNoteInput,
        response: { 200: meterNote, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.params.noteId, req.body),
  );
  app.get(
    '/meters/:id/invoice-notes',
    {
      config: view,
      schema: {
        ...base,
        summary: "The data source's notes bound to its invoices",
        params: idParam,
        response: { 200: meterNotesList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id, true),
  );
};
