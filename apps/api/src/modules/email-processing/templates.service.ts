import type {
  TemplateBody,
  TemplateDetail,
  TemplateList,
  TemplateTrial,
  TemplateVersion,
  TrialAnswer,
} from '@verdant/contracts/email-processing/templates';
import type { Db } from '@verdant/db/client';
import { EMAIL_MSG, parkedName } from '@verdant/domain/email-processing/email-processing';
import {
  compile,
  TEMPLATE_FIELDS,
  type TemplatePatterns,
} from '@verdant/domain/email-processing/template-read';
import { fill } from '@verdant/domain/messages';
import type { JobQueue } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import { pdfText } from './pdf-text';
import * as q from './queues.queries';
import { EMAIL_ITEM_JOB } from './smtp-listener';
import { boundedRead, boundedRecognises } from './template-budget';
import * as t from './templates.queries';

const patternsOf = (body: TemplateBody): TemplatePatterns =>
  Object.fromEntries(
    TEMPLATE_FIELDS.flatMap((f) => (body.patterns[f] ? [[f, body.patterns[f]]] : [])),
  ) as TemplatePatterns;

async function bytesOf(storage: Storage, key: string | null) {
  const stream = key ? await storage.get(key) : null;
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Retailers' PDF templates (docs/decisions/email-intake.md, Templates): the versions, a trial of a draft on
 * the retailer's parked items showing what each pattern finds, publishing a new version, and re-running the
 * parked items so those the new version reads are accepted.
 */
export function createEmailTemplatesService({
  db,
  storage,
  jobQueue,
  clock,
}: {
  db: Db;
  storage: Storage;
  jobQueue: JobQueue;
  clock: () => Date;
}) {
  async function retailer(id: number) {
    const found = await t.retailerOf(db, id);
    if (!found) throw notFound();
    return found;
  }

  /** The parked items of the retailer (and those no template recognised), each read with the patterns. */
  async function trials(
    retailerId: number,
    patterns: TemplatePatterns | null,
    senders: string[],
  ): Promise<TemplateTrial[]> {
    const items = await q.queueItems(db, { retailerId });
    const out: TemplateTrial[] = [];
    for (const item of items.slice(0, 50)) {
      let text = item.extracted?.text ?? null;
      if (text === null) {
        const bytes = await bytesOf(
          storage,
          (await q.itemInQueue(db, item.id, item.state))?.storageKey ?? null,
        );
        const read = bytes ? await pdfText(bytes) : null;
        text = read?.ok ? read.text : null;
      }
      const read = text !== null && patterns ? boundedRead(text, patterns) : null;
      // An item no template recognised is this retailer's only if the template would now recognise it.
      const recognised =
        item.retailerId === retailerId ||
        (text !== null && patterns !== null && boundedRecognises({ senders, patterns }, item.sender, text));
      out.push({
        file: parkedName(item.id, item.filename),
        filename: item.filename,
        reasonCode: item.reasonCode,
        extracted: text === null ? null : { text, found: read?.found ?? {}, lines: read?.lines ?? [] },
        missing: recognised ? (read?.missing ?? []) : ['identify'],
        totalsAddUp: read?.totalsAddUp ?? null,
        reads: Boolean(
          recognised &&
            read &&
            read.missing.length === 0 &&
            read.invalid.length === 0 &&
            read.totalsAddUp !== false,
        ),
      });
    }
    return out;
  }

  function checkPatterns(body: TemplateBody) {
    for (const [field, pattern] of Object.entries(patternsOf(body))) {
      const re = compile(pattern ?? '');
      if (typeof re === 'string')
        throw badRequest(fill(EMAIL_MSG.templatePatternInvalid, { field, error: re }), {
          [`patterns.${field}`]: [re],
        });
    }
  }

  return {
    async list(): Promise<TemplateList> {
      return { templates: await t.templateSummaries(db), retailers: await t.allRetailers(db) };
    },

    async detail(retailerId: number): Promise<TemplateDetail> {
      const found = await retailer(retailerId);
      const versions = await t.versionsOf(db, retailerId);
      const latest = versions[0];
      return {
        retailer: found,
        versions,
        trials: await trials(retailerId, latest?.patterns ?? null, latest?.senders ?? []),
      };
    },

    async trial(retailerId: number, body: TemplateBody): Promise<TrialAnswer> {
      await retailer(retailerId);
      const patterns = patternsOf(body);
      const invalid = Object.entries(patterns).flatMap(([field, p]) => {
        const re = compile(p ?? '');
        return typeof re === 'string' ? [{ field, error: re }] : [];
      });
      return { trials: await trials(retailerId, patterns, body.senders ?? []), invalid };
    },

    async publish(a: Caller, retailerId: number, body: TemplateBody): Promise<TemplateVersion> {
      const found = await retailer(retailerId);
      checkPatterns(body);
      const patterns = patternsOf(body);
      const senders = body.senders ?? [];
      return db.transaction(async (tx) => {
        const row = await t.insertVersion(tx, { retailerId, senders, patterns, createdBy: a.user.id });
        await audit(tx, a, {
          organisationId: null,
          action: 'publish email template',
          asset: { type: 'retailer', id: retailerId, name: found.name },
          changes: {
            version: { before: row.version - 1 || null, after: row.version },
            patterns: { before: null, after: patterns },
          },
        });
        return {
          id: row.id,
          version: row.version,
          senders,
          patterns: patterns as Record<string, string>,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    async rerunRetailer(a: Caller, retailerId: number) {
      const found = await retailer(retailerId);
      const [latest] = await t.versionsOf(db, retailerId);
      // Its own parked items, and those no template recognised that its newest version now does.
      const items = (await q.queueItems(db, { retailerId })).filter(
        (i) =>
          i.state === 'parked' &&
          i.fileDeletedAt === null &&
          (i.retailerId === retailerId ||
            (latest !== undefined &&
              i.extracted !== null &&
              boundedRecognises(latest, i.sender, i.extracted.text))),
      );
      await db.transaction(async (tx) => {
        for (const item of items) await q.setState(tx, item.id, 'pending', clock());
        await audit(tx, a, {
          organisationId: null,
          action: 'rerun email items',
          asset: { type: 'retailer', id: retailerId, name: found.name },
          changes: { items: { before: null, after: items.map((i) => i.id) } },
        });
      });
      for (const item of items) await jobQueue.send(EMAIL_ITEM_JOB, { itemId: item.id });
      return { success: true as const, scheduled: items.length };
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
