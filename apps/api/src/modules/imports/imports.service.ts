import { createHash } from 'node:crypto';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import {
  type ImportJob,
  type LoadingJobs,
  type MeterLoadPreview,
  type meterLoadQuery,
  readingsMapping,
} from '@verdant/contracts/imports';
import type { Db } from '@verdant/db/client';
import { IMPORT_MAX_MB, LOADING_JOBS_LIMIT } from '@verdant/domain/constants';
import { guessMapping, headerKey, type ReadingsMapping } from '@verdant/domain/imports/csv-mapping';
import { csvHead } from '@verdant/domain/imports/csv-records';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { JobQueue } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import type { Download } from '../../lib/download';
import { badRequest, notFound } from '../../lib/errors';
import { cleanFilename } from '../../lib/file-types';
import { createLocalStorage, newStorageKey, type Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import { HEAD_BYTES, utf16Of } from './file-text';
import * as q from './imports.queries';
import { previewRows } from './preview-rows';
import { createUnknownMeters } from './unknown-meters.service';
import { looksLikeWorkbook, WORKBOOK_MAX_MB } from './workbook-records';
import { firstEntryHead, isZip } from './zip-entries';

export const METER_LOAD_JOB = 'imports.meter-load';
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const importTooLarge = () => badRequest(fill(IMPORT_MSG.importTooLarge, { size: IMPORT_MAX_MB }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The name an upload carries, cleaned. Any name is taken (an MDP's `NEM12#...` names, `.V01`, none at all): the
 * file's content decides what it is (docs/decisions/imports.md, File names).
 */
function checkName(raw: string | undefined) {
  const filename = cleanFilename(raw);
  if (!filename) throw badRequest(IMPORT_MSG.importEmpty);
  return filename;
}

/**
 * Text (UTF-16 text, known by its byte-order mark, has NUL bytes), or a zip archive of data files or an XLSX
 * workbook; not another binary format: XML is recognised as XML, anything else as nothing.
 */
async function looksLikeText(first: Buffer) {
  if (isZip(first) || utf16Of(first)) return true;
  if (first.includes(0)) return false;
  const found = await fileTypeFromBuffer(first);
  return found === undefined || found.ext === 'xml';
}

/**
 * Counts and hashes an upload as it streams to storage, refusing it past the limit, and keeps its first bytes
 * for the content check.
 */
function meter(limit: number) {
  const hash = createHash('sha256');
  const first: Buffer[] = [];
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(importTooLarge());
      hash.update(chunk);
      if (size - chunk.length < HEAD_BYTES) first.push(chunk);
      done(null, chunk);
    },
  });
  return {
    transform,
    size: () => size,
    sha256: () => hash.digest('hex'),
    first: () => Buffer.concat(first).subarray(0, HEAD_BYTES),
  };
}

function parseMapping(text: string | undefined): ReadingsMapping | null {
  if (text === undefined || text === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(IMPORT_MSG.mappingNeeded);
  }
  const parsed = readingsMapping.safeParse(json);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? IMPORT_MSG.mappingNeeded);
  return parsed.data;
}

/**
 * Data loads (docs/architecture.md, The import pipeline): the upload (`POST /jobs/meter-load`) stores the
 * file through the storage interface as it arrives and queues the import job; the status, the /loading list
 * and the error report read the job's row.
 */
export function createImportsService({
  db,
  config,
  jobQueue,
  storage = createLocalStorage(path.join(config.dataDir, 'files')),
}: {
  db: Db;
  config: Config;
  jobQueue: JobQueue;
  storage?: Storage;
}) {
  function organisationOf(a: Caller) {
    const id = a.checked.organisationId;
    if (id === null) throw notFound();
    return id;
  }

  async function jobOf(a: Caller, uuid: string) {
    const organisationId = organisationOf(a);
    if (!UUID.test(uuid)) throw notFound();
    const job = await q.findJob(db, uuid, organisationId);
    if (!job) throw notFound();
    return job;
  }

  const unknownMeters = createUnknownMeters({ db, jobQueue, queue: METER_LOAD_JOB });

  return {
    async upload(
      a: Caller,
      upload: { filename: string | undefined; body: Readable | undefined },
      query: z.output<typeof meterLoadQuery>,
    ): Promise<{ success: true; data: { uuid: string } }> {
      const organisationId = organisationOf(a);
      const filename = checkName(upload.filename);
      const mapping = parseMapping(query.mapping);
      if (!upload.body) throw badRequest(IMPORT_MSG.importEmpty);
      const storageKey = newStorageKey('imports');
      const m = meter(IMPORT_MAX_BYTES);
      upload.body.once('error', (error) => m.transform.destroy(error));
      await storage.putStream(storageKey, upload.body.pipe(m.transform));
      try {
        if (m.size() === 0) throw badRequest(IMPORT_MSG.importEmpty);
        if (looksLikeWorkbook(m.first())) {
          if (m.size() > WORKBOOK_MAX_MB * 1024 * 1024)
            throw badRequest(fill(IMPORT_MSG.workbookFileTooLarge, { size: WORKBOOK_MAX_MB }));
        } else if (!(await looksLikeText(m.first()))) throw badRequest(IMPORT_MSG.notText);
        const uuid = await db.transaction(async (tx) => {
          const id = await q.insertJob(tx, {
            organisationId,
            createdBy: a.user.id,
            filename,
            storageKey,
            sizeBytes: m.size(),
            sha256: m.sha256(),
            format: query.format ?? null,
            mapping,
          });
          if (mapping) {
            const headers = csvHead(m.first().toString('utf8'), 1)[0] ?? [];
            if (headers.length > 0) await q.rememberMapping(tx, organisationId, headerKey(headers), mapping);
          }
          await audit(tx, a, {
            organisationId,
            action: 'upload data file',
            asset: { type: 'organisation', id: organisationId },
            changes: { file: { before: null, after: filename }, job: { before: null, after: id } },
          });
          return id;
        });
        await jobQueue.send(METER_LOAD_JOB, { uuid });
        return { success: true, data: { uuid } };
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    /** What the upload dialog shows before the upload: the format, a CSV's first rows, the mapping. */
    async preview(a: Caller, head: Buffer): Promise<MeterLoadPreview> {
      const organisationId = organisationOf(a);
      if (!(await looksLikeText(head.subarray(0, HEAD_BYTES)))) throw badRequest(IMPORT_MSG.notText);
      // A zip archive of data files is previewed by its first file; an XLSX workbook by its sheet.
      const shown =
        isZip(head) && !looksLikeWorkbook(head)
          ? (firstEntryHead(head, HEAD_BYTES)?.bytes ?? Buffer.alloc(0))
          : head;
      const { format, headers, rows } = await previewRows(shown);
      let mapping: ReadingsMapping | null = null;
      let remembered = false;
      if (format === 'csv-readings') {
        const stored = readingsMapping.safeParse(await q.mappingFor(db, organisationId, headerKey(headers)));
        remembered = stored.success;
        mapping = stored.success ? stored.data : guessMapping(headers);
      }
      return { format, headers, rows, mapping, remembered };
    },

    async status(a: Caller, uuid: string): Promise<{ success: true; data: ImportJob }> {
      const job = await jobOf(a, uuid);
      const view = await q.jobView(db, job.organisationId, job.uuid);
      if (!view) throw notFound();
      return { success: true, data: await unknownMeters.withMatches(a, view) };
    },

    /** Maps a data source a refused load's file names to one of the organisation's. */
    async mapUnknown(a: Caller, uuid: string, body: { key: string; meterId: number }) {
      const job = await jobOf(a, uuid);
      const message = await unknownMeters.map(a, job, body.key, body.meterId);
      return { success: true as const, message, data: (await this.status(a, uuid)).data };
    },

    /** Loads a refused load's stored file again, as a new load. */
    async rerun(a: Caller, uuid: string) {
      const job = await jobOf(a, uuid);
      return { success: true as const, data: { uuid: await unknownMeters.rerun(a, job) } };
    },

    async list(a: Caller): Promise<LoadingJobs> {
      return { jobs: await q.listJobs(db, organisationOf(a), LOADING_JOBS_LIMIT) };
    },

    async report(a: Caller, uuid: string): Promise<Download> {
      const job = await jobOf(a, uuid);
      if (!job.reportKey) throw notFound();
      const stream = await storage.get(job.reportKey);
      if (!stream) throw notFound();
      const base = job.filename.replace(/\.[^.]*$/, '');
      return { stream, contentType: 'text/csv; charset=utf-8', filename: `${base} - error report.csv` };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
