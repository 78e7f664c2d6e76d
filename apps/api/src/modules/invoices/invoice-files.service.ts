import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { LinkOption } from '@verdant/contracts/invoices/files';
import type { Db, DbOrTx } from '@verdant/db/client';
import { files } from '@verdant/db/schema/organisation';
import { fill, MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { audit } from '../../lib/audit';
import { createDirectLinks } from '../../lib/direct-links';
import type { Download } from '../../lib/download';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { checkUpload, contentMatches, FILE_MAX_BYTES, tooLarge } from '../../lib/file-types';
import { directoryOrganisation } from '../../lib/rights';
import { createLocalStorage, type Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import { createInvoiceFileReads, invoiceFileRows } from './invoice-file-reads';
import { linkOptions } from './invoice-link-options.queries';
import type { FileLinksOf, InvoiceFileLinks } from './invoice-list.service';

/** Below this many bytes the upload asks for infrequent-access storage, else intelligent tiering (spec 7, 9). */
export const STORAGE_CLASS_THRESHOLD = 128_000;
export const storageClassFor = (length: number) =>
  length < STORAGE_CLASS_THRESHOLD ? 'STANDARD_IA' : 'INTELLIGENT_TIERING';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface UploadClaim {
  invoiceId: number;
  key: string;
  filename: string;
  contentType: string;
  length: number;
  userId: number;
  organisationId: number;
}
const claimSubject = (c: UploadClaim) =>
  `invoice-upload:${c.organisationId}:${c.invoiceId}:${c.key}:${c.userId}:${c.length}:${c.contentType}:${c.filename}`;

/**
 * An invoice's original PDF and raw data files (data-portal.md 7): a signed upload URL the file is PUT to,
 * the file then kept through the storage interface as a file of the invoice; a link to an existing file as
 * the original; direct token links to read them.
 */
export function createInvoiceFilesService({
  db,
  config,
  clock,
  storage = createLocalStorage(path.join(config.dataDir, 'files')),
}: {
  db: Db;
  config: Config;
  clock: () => Date;
  storage?: Storage;
}) {
  const links = createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET });
  const fileUrl = (id: number) => `/api/direct/${links.issue(`file:${id}`, clock())}/files/${id}`;

  async function invoiceOf(tx: DbOrTx, a: Caller, invoiceId: number) {
    const organisationId = a.checked.organisationId;
    if (organisationId === null) throw notFound();
    const rows = await tx.execute<{
      id: number;
      invoiceNumber: string | null;
      originalFileId: number | null;
    }>(sql`
      select id, invoice_number as "invoiceNumber", original_file_id as "originalFileId" from invoices
      where organisation_id = ${organisationId} and id = ${invoiceId}`);
    const invoice = rows.rows[0];
    if (!invoice) throw notFound();
    return { organisationId, invoice };
  }

  /** The list's icons: the original PDF and the other files of each invoice, as direct links. */
  const fileLinks: FileLinksOf = async (tx, organisationId, invoiceIds) => {
    const out = new Map<number, InvoiceFileLinks>();
    if (invoiceIds.length === 0) return out;
    for (const r of await invoiceFileRows(tx, organisationId, invoiceIds)) {
      const entry = out.get(r.invoiceId) ?? { pdf: null, raw: [] };
      if (r.original) entry.pdf = fileUrl(r.fileId);
      else entry.raw.push({ filename: r.filename, url: fileUrl(r.fileId) });
      out.set(r.invoiceId, entry);
    }
    return out;
  };

  return {
    fileLinks,
    ...createInvoiceFileReads({ db, fileUrl }),

    async uploadUrl(
      a: Caller,
      invoiceId: number,
      body: { filename: string; contentType: string; length: number },
    ): Promise<{ uploadURL: string; downloadURL: string; storageClass: string }> {
      const { organisationId } = await invoiceOf(db, a, invoiceId);
      if (body.length > FILE_MAX_BYTES) throw tooLarge();
      const file = checkUpload(body.filename, Buffer.alloc(1));
      if (file.contentType !== body.contentType) {
        throw badRequest(fill(MSG.invoiceFileMismatch, { type: file.ext }));
      }
      const claim: UploadClaim = {
        invoiceId,
        key: randomUUID(),
        filename: file.filename,
        contentType: file.contentType,
        length: body.length,
        userId: a.user.id,
        organisationId,
      };
      const token = links.issue(claimSubject(claim), clock());
      const query = new URLSearchParams({
        name: claim.filename,
        type: claim.contentType,
        size: String(claim.length),
        by: String(claim.userId),
        org: String(organisationId),
      });
      const at = (t: string) => `/api/direct/${t}/invoice-files/${invoiceId}/${claim.key}`;
      const readToken = links.issue(`invoice-file:${invoiceId}:${claim.key}`, clock());
      return {
        uploadURL: `${at(token)}?${query}`,
        downloadURL: at(readToken),
        storageClass: storageClassFor(body.length),
      };
    },

    /** The PUT to a signed upload URL: the bytes must be what was announced, and what their type claims. */
    async receive(
      token: string,
      invoiceId: number,
      key: string,
      query: { name: string; type: string; size: number; by: number; org: number },
      bytes: Buffer | undefined,
    ): Promise<{ success: true; fileId: number }> {
      const claim: UploadClaim = {
        invoiceId,
        key,
        filename: query.name,
        contentType: query.type,
        length: query.size,
        userId: query.by,
        organisationId: query.org,
      };
      const verdict = UUID.test(key) ? links.check(token, claimSubject(claim), clock()) : 'invalid';
      if (verdict === 'expired') throw new AppError('FORBIDDEN', MSG.invoiceUploadExpired, 403);
      if (verdict !== 'ok') throw notFound();
      if (!bytes || bytes.length > FILE_MAX_BYTES) throw tooLarge();
      const file = checkUpload(claim.filename, bytes);
      if (bytes.length !== claim.length || !(await contentMatches(file.ext, bytes))) {
        throw badRequest(fill(MSG.invoiceFileMismatch, { type: file.ext }));
      }
      const storageKey = `files/${key}`;
      await storage.put(storageKey, bytes);
      try {
        const fileId = await db.transaction(async (tx) => {
          const found = await tx.execute<{ originalFileId: number | null; invoiceNumber: string | null }>(sql`
            select original_file_id as "originalFileId", invoice_number as "invoiceNumber" from invoices
            where organisation_id = ${claim.organisationId} and id = ${invoiceId} for update`);
          const invoice = found.rows[0];
          if (!invoice) throw notFound();
          const [row] = await tx
            .insert(files)
            .values({
              organisationId: claim.organisationId,
              ownerType: 'invoice',
              ownerId: invoiceId,
              filename: file.filename,
              contentType: file.contentType,
              sizeBytes: bytes.length,
              storageKey,
              uploadedBy: claim.userId,
            })
            .returning({ id: files.id });
          if (!row) throw new Error('file not inserted');
          // The first PDF is the invoice's original; other files are its raw data.
          if (file.ext === 'pdf' && invoice.originalFileId === null) {
            await tx.execute(sql`update invoices set original_file_id = ${row.id}
              where organisation_id = ${claim.organisationId} and id = ${invoiceId}`);
          }
          await audit(
            tx,
            { userId: claim.userId, name: null },
            {
              organisationId: claim.organisationId,
              action: 'upload invoice file',
              asset: { type: 'invoice', id: invoiceId, name: invoice.invoiceNumber },
              changes: { file: { before: null, after: file.filename } },
            },
          );
          return row.id;
        });
        return { success: true, fileId };
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    /** The file behind an upload's download URL. */
    async download(token: string, invoiceId: number, key: string): Promise<Download> {
      if (!UUID.test(key)) throw notFound();
      // The link names the invoice alone: the directory of assets gives its organisation, so the file is read
      // from that organisation's rows only (docs/scaling.md, Shard readiness).
      const organisationId = await directoryOrganisation(db, [{ type: 'invoice', id: invoiceId }]);
      if (organisationId === null) throw notFound();
      const rows = await db.execute<{
        id: number;
        filename: string;
        contentType: string;
        storageKey: string;
      }>(sql`
        select id, filename, content_type as "contentType", storage_key as "storageKey" from files
        where organisation_id = ${organisationId} and owner_type = 'invoice' and owner_id = ${invoiceId}
          and storage_key = ${`files/${key}`}`);
      const file = rows.rows[0];
      if (!file) throw notFound();
      const verdict = links.check(token, `invoice-file:${invoiceId}:${key}`, clock());
      if (verdict === 'expired') throw new AppError('FORBIDDEN', MSG.fileLinkExpired, 403);
      if (verdict !== 'ok') throw notFound();
      const stream = await storage.get(file.storageKey);
      if (!stream) throw notFound();
      return { stream, contentType: file.contentType, filename: file.filename };
    },

    /** PDFs already in the portal that may be linked as the invoice's original, each by its `folder`. */
    async linkOptions(a: Caller, invoiceId: number): Promise<LinkOption[]> {
      const { organisationId } = await invoiceOf(db, a, invoiceId);
      return (await linkOptions(db, organisationId, invoiceId)).map(({ id, ...o }) => ({
        folder: `files/${id}`,
        ...o,
      }));
    },

    /** Links one of the link options (a PDF the caller may see) as the invoice's original. */
    async linkOriginal(
      a: Caller,
      invoiceId: number,
      folder: string,
    ): Promise<{ success: true; pdf: string }> {
      const match = /^(?:files\/)?(\d{1,9})$/.exec(folder.trim());
      const fileId = match ? Number(match[1]) : Number.NaN;
      return db.transaction(async (tx) => {
        const { organisationId, invoice } = await invoiceOf(tx, a, invoiceId);
        const rows = await tx.execute<{ id: number; filename: string; contentType: string }>(sql`
          select id, filename, content_type as "contentType" from files
          where organisation_id = ${organisationId} and id = ${Number.isNaN(fileId) ? -1 : fileId}`);
        const file = rows.rows[0];
        if (!file) throw badRequest(MSG.invoiceLinkFileUnknown, { folder: [MSG.invoiceLinkFileUnknown] });
        if (file.contentType !== 'application/pdf')
          throw badRequest(fill(MSG.invoiceFileMismatch, { type: 'pdf' }));
        // A PDF of another site or data source is not the caller's to link (nor to read through the link).
        const options = await linkOptions(tx, organisationId, invoiceId, 10_000);
        if (!options.some((o) => o.id === file.id) && invoice.originalFileId !== file.id)
          throw badRequest(MSG.invoiceLinkFileElsewhere, { folder: [MSG.invoiceLinkFileElsewhere] });
        await tx.execute(sql`update invoices set original_file_id = ${file.id}
          where organisation_id = ${organisationId} and id = ${invoiceId}`);
        await audit(tx, a, {
          organisationId,
          action: 'link original',
          asset: { type: 'invoice', id: invoiceId, name: invoice.invoiceNumber },
          changes: { originalFile: { before: invoice.originalFileId, after: file.id } },
        });
        return { success: true as const, pdf: fileUrl(file.id) };
      });
    },
  };
}

export type InvoiceFilesService = ReturnType<typeof createInvoiceFilesService>;
