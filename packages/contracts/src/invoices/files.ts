import { z } from 'zod';
import { editing, viewing } from '../access';
import { idNumber, idParam, int4, int4Param, nameText, text } from '../common';
import { defineOperations } from '../operations';

/** An invoice's original PDF and raw data files: the signed upload URL, the upload itself, the links. */

export const rawDataUrlRequest = z.object({
  filename: nameText().trim().min(1).max(255),
  contentType: text().trim().min(1).max(200),
  length: int4().min(1),
});
export const rawDataUrlAnswer = z.object({
  /** PUT the bytes here (with the storage-class header). */
  uploadURL: text(),
  /** Reads the file once it is uploaded. */
  downloadURL: text(),
  /** The storage class to send: STANDARD_IA below 128000 bytes, else INTELLIGENT_TIERING. */
  storageClass: text(),
});
export const originalLinkRequest = z.object({
  /** The existing file to link: 'files/{id}' (or the id) of a PDF of the organisation. */
  folder: text().trim().min(1).max(300),
});
export const originalLinkAnswer = z.object({ success: z.literal(true), pdf: text() });
export const invoiceFileParams = z.object({
  token: text().max(200),
  invoiceId: idNumber(),
  key: text().max(64),
});
export const invoiceUploadQuery = z.object({
  name: nameText().max(255),
  type: text().max(200),
  size: int4Param({ min: 1 }),
  by: idNumber(),
  org: idNumber(),
});
export const uploadAnswer = z.object({ success: z.literal(true), fileId: int4() });

/** Where a PDF that could be an invoice's original is kept. */
export const linkOptionSource = z.enum(['this invoice', 'another invoice', 'data source', 'organisation']);
/** An existing PDF an editor may link as the invoice's original: its `folder` is what the link call takes. */
export const linkOption = z.object({
  folder: text(),
  filename: text(),
  source: linkOptionSource,
  /** The invoice it is attached to, when it is another invoice's file. */
  invoiceNumber: text().nullable(),
  uploaded: text(),
});
export type LinkOption = z.infer<typeof linkOption>;
export const linkOptionList = z.array(linkOption);

const edit = editing({ invoice: 'params.id' });
const view = viewing({ invoice: 'params.id' });

/** Which of an invoice's files a pre-authorised link is for: 'pdf' (the original) or a file's id. */
export const preauthParams = z.object({
  id: idNumber(),
  x: text().regex(/^(pdf|\d{1,9})$/, "Name the file: 'pdf' for the original PDF, or a file's id"),
});
/** The spec's success-and-data answer: a file's name or link, null when there is none. */
export const fileAnswer = z.object({ success: z.literal(true), data: text().nullable() });

export const filesOperations = defineOperations('invoices', {
  rawDataUrl: {
    method: 'POST',
    path: '/invoices/:id/raw-data-url',
    summary: 'A signed URL to upload the original PDF or a raw data file to',
    access: edit,
    params: idParam,
    body: rawDataUrlRequest,
    answer: rawDataUrlAnswer,
  },
  linkOptions: {
    method: 'GET',
    path: '/invoices/:id/link-options',
    summary: "PDFs already in the portal that could be the invoice's original (PUT original-link takes one)",
    access: edit,
    params: idParam,
    answer: linkOptionList,
  },
  pdfFilename: {
    method: 'GET',
    path: '/invoices/:id/pdf-filename',
    summary: "The original PDF's file name (data null when none is attached)",
    access: view,
    params: idParam,
    answer: fileAnswer,
  },
  preauthLink: {
    method: 'GET',
    path: '/invoices/:id/preauth-link/:x',
    summary:
      "A time-limited direct link to the original PDF ('pdf') or another of the invoice's files (its id)",
    access: view,
    params: preauthParams,
    answer: fileAnswer,
  },
  linkOriginal: {
    method: 'PUT',
    path: '/invoices/:id/original-link',
    summary: "Links one of the link options (a PDF already in the portal) as the invoice's original",
    access: edit,
    params: idParam,
    body: originalLinkRequest,
    answer: originalLinkAnswer,
  },
  // The signed upload's body is the file's raw bytes (the content-type parser is in the routes plugin).
  upload: {
    method: 'PUT',
    path: '/direct/:token/invoice-files/:invoiceId/:key',
    summary: 'The upload itself: the raw bytes, PUT to the signed URL',
    access: 'signed-link',
    params: invoiceFileParams,
    query: invoiceUploadQuery,
    bodyType: 'bytes',
    answer: uploadAnswer,
  },
  download: {
    method: 'GET',
    path: '/direct/:token/invoice-files/:invoiceId/:key',
    summary: 'An uploaded invoice file through its link',
    access: 'signed-link',
    params: invoiceFileParams,
    answer: 'file',
  },
});
