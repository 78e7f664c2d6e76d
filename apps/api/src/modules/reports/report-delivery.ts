import { randomUUID } from 'node:crypto';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { OUTPUT_FILES } from '@verdant/domain/reports/report-types';
import { todayIn } from '@verdant/domain/time-zone';
import type { DirectLinks } from '../../lib/direct-links';
import { forbidden, notFound } from '../../lib/errors';
import type { MailMessage } from '../../lib/mail';
import type { Storage } from '../../lib/storage';
import type { ReportFile } from './report-run.service';

/**
 * How an emailed report travels (docs/decisions/reports.md, Large files by link): attached, or, above the
 * configured size, stored and sent as a signed link that opens that one file for a week.
 */
export const REPORT_LINK_DAYS = 7;

export interface LinkDelivery {
  storage: Storage;
  links: DirectLinks;
  publicUrl: string;
  /** Files above this many bytes go by link (REPORT_LINK_BYTES). */
  linkBytes: number;
}

const subjectOf = (fileId: string, filename: string) => `report-file:${fileId}:${filename}`;
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** The day an instant falls on in the organisation's zone (docs/domain.md, Time zones and today), dd/MM/yyyy. */
const dmy = (d: Date, zone: string) => todayIn(zone, d).split('-').reverse().join('/');

/**
 * The mail's attachments and the sentence's end saying where the file is (punctuated); the file is disposed of
 * either way.
 */
export async function deliveryOf(
  file: ReportFile,
  now: Date,
  zone: string,
  delivery?: LinkDelivery,
): Promise<{ attachments: NonNullable<MailMessage['attachments']>; words: string }> {
  if (!delivery || file.size <= delivery.linkBytes) {
    return {
      attachments: [{ filename: file.filename, content: await file.take(), contentType: file.contentType }],
      words: `is attached (${file.filename}).`,
    };
  }
  const fileId = randomUUID();
  await delivery.storage.putStream(`reports/${fileId}`, file.stream());
  const token = delivery.links.issue(subjectOf(fileId, file.filename), now, REPORT_LINK_DAYS * 24 * 60);
  const url = `${delivery.publicUrl}/api/direct/${token}/report-files/${fileId}/${encodeURIComponent(file.filename)}`;
  const until = new Date(now.getTime() + REPORT_LINK_DAYS * 86_400_000);
  return {
    attachments: [],
    // The address alone on its last line, so no mail program takes a full stop into it.
    words: `is too large to attach (${sizeOf(file.size)}): download ${file.filename} until ${dmy(until, zone)} from\n${url}`,
  };
}

/** The file a report link opens: only the one it was issued for, until it expires. */
export async function linkedFile(
  { storage, links }: Pick<LinkDelivery, 'storage' | 'links'>,
  params: { token: string; fileId: string; filename: string },
  now: Date,
) {
  const verdict = links.check(params.token, subjectOf(params.fileId, params.filename), now);
  if (verdict === 'expired') throw forbidden('This link has expired: ask for the report again');
  if (verdict !== 'ok') throw notFound('That report file was not found');
  const stream = await storage.get(`reports/${params.fileId}`);
  // The token is genuine, so the file was stored: it has been kept its 7 days (report-files-purge.ts).
  if (!stream) throw notFound(REPORT_MSG.fileRemoved);
  const extension = Object.values(OUTPUT_FILES).find((f) => params.filename.endsWith(`.${f.extension}`));
  return {
    stream,
    contentType: extension?.contentType ?? 'application/octet-stream',
    filename: params.filename,
  };
}
