import { createHash } from 'node:crypto';
import {
  type EditionDetail,
  type EditionSummary,
  editionLoadQuery,
  type FactorMapping,
  type FactorMappingInput,
  factorMappingInput,
} from '@verdant/contracts/catalogue-editions';
import type { Db } from '@verdant/db/client';
import { parseDesnzFlat } from '@verdant/domain/editions/desnz-flat';
import { parseDocumented } from '@verdant/domain/editions/documented-layout';
import { checkFactors, diffEditions } from '@verdant/domain/editions/edition-factors';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import { type EditionLayout, LAYOUT_NAMES, type ParsedEdition } from '@verdant/domain/editions/edition-rows';
import { parseMfeLong } from '@verdant/domain/editions/mfe-long';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit, created } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { defaultSourceId } from './catalogue-factors.queries';
import { editionRecords } from './edition-file';
import { mapRows } from './edition-mapping';
import * as q from './editions.queries';

const PARSERS: Record<EditionLayout, (r: Parameters<typeof parseDocumented>[0]) => ParsedEdition> = {
  documented: parseDocumented,
  'desnz-flat': parseDesnzFlat,
  'mfe-long': parseMfeLong,
};
/** A row left out; one no mapping names keeps its key, labels and unit for the screen to map. */
type Skipped = { line: number; reason: string; key?: string; label?: string; unit?: string };

/** The refused rows an answer names (a file may have thousands). */
const SHOWN = 200;

/** A file refused whole: its first reason as the message, every reason (up to SHOWN) by line. */
function refuse(refused: { line: number; reason: string }[]): never {
  const first = refused[0]?.reason ?? EDITION_MSG.fileEmpty;
  const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
  throw badRequest(`The file was not loaded: ${first}${more}`, {
    file: refused.slice(0, SHOWN).map((r) => r.reason),
  });
}

export const toSummary = (e: q.EditionRow): EditionSummary => ({
  id: e.id,
  name: e.name,
  publisher: e.publisher,
  status: e.status,
  published: e.published,
  coversFrom: e.covers_from,
  coversTill: e.covers_till,
  sourceTitle: e.source_title,
  sourceUrl: e.source_url,
  sourceSha256: e.source_sha256,
  gwpSet: e.gwp_set,
  changelog: e.changelog,
  supersedesId: e.supersedes_id,
  layout: e.layout,
  factorCount: e.factor_count,
  createdAt: e.created_at,
  publishedAt: e.published_at,
});

const toMapping = ({ conversion: _, ...m }: q.MappingRow) => m as FactorMapping;

/**
 * Editions loaded from the publishers' files (docs/decisions/catalogue.md, Editions loaded from files): a file
 * lands whole as a draft edition of the default set or is refused naming its rows; what changed against the
 * previous edition of its publisher is read before it is published.
 */
export function createEditionsService({ db }: { db: Db }) {
  async function detail(id: number, threshold = 0): Promise<EditionDetail> {
    const e = await q.edition(db, id);
    if (!e) throw notFound(EDITION_MSG.notFound);
    const previous = await q.previousEdition(db, e);
    const [before, after] = await Promise.all([
      previous ? q.editionFactors(db, previous.id) : Promise.resolve([]),
      q.editionFactors(db, id),
    ]);
    const { entries, counts } = diffEditions(before, after, threshold);
    const skipped = (e.skipped ?? []) as Skipped[];
    return {
      ...toSummary(e),
      skipped: skipped.map(({ line, reason }) => ({ line, reason })),
      unmapped: skipped.flatMap((s) =>
        s.key === undefined ? [] : [{ line: s.line, key: s.key, label: s.label ?? '', unit: s.unit ?? '' }],
      ),
      diff: { previous, threshold, counts, entries },
    };
  }

  return {
    detail,

    async list() {
      return (await q.editions(db)).map(toSummary);
    },

    async load(a: Caller, file: Buffer, input: z.input<typeof editionLoadQuery>) {
      const query = editionLoadQuery.parse(input);
      const records = await editionRecords(file, query.layout, LAYOUT_NAMES[query.layout]);
      const parsed = PARSERS[query.layout](records);
      if (parsed.refused.length > 0) refuse(parsed.refused);
      const publisher = query.publisher ?? parsed.meta.publisher;
      if (!publisher)
        throw badRequest(EDITION_MSG.publisherNeeded, { publisher: [EDITION_MSG.publisherNeeded] });
      const coversFrom = query.coversFrom ?? parsed.meta.year ?? null;
      const coversTill = query.coversTill ?? coversFrom;
      const id = await db.transaction(async (tx) => {
        const sourceId = await defaultSourceId(tx).catch(() => {
          throw badRequest(EDITION_MSG.noDefaultSource);
        });
        await tx.execute(sql`select pg_advisory_xact_lock(74232, ${sourceId}::int)`);
        if (await q.nameInUse(tx, sourceId, query.name)) {
          const message = fill(EDITION_MSG.nameInUse, { name: query.name });
          throw badRequest(message, { name: [message] });
        }
        if (query.supersedes !== undefined) {
          const old = await q.edition(tx, query.supersedes);
          if (!old || old.source_id !== sourceId || old.status !== 'published')
            throw badRequest(EDITION_MSG.supersedesUnknown, { supersedes: [EDITION_MSG.supersedesUnknown] });
        }
        const mapped = mapRows(parsed.rows, {
          types: await q.dataTypesWithUnits(tx),
          mappings: await q.mappings(tx, query.layout),
          coversFrom,
          coversTill,
        });
        const refused = [...mapped.refused, ...checkFactors(mapped.factors)].sort((x, y) => x.line - y.line);
        if (refused.length > 0) refuse(refused);
        if (mapped.factors.length === 0)
          throw badRequest(EDITION_MSG.noFactors, {
            unmapped: mapped.unmapped
              .slice(0, SHOWN)
              .map((u) => `Row ${u.line}: ${u.label} (${u.unit}): ${u.key}`),
          });
        const skipped: Skipped[] = mapped.unmapped.map((u) => ({
          ...u,
          reason: fill(EDITION_MSG.unmapped, { line: u.line, label: u.label, unit: u.unit }),
        }));
        const inserted = await tx.execute<{ id: number }>(sql`
          insert into emission_factor_editions (source_id, name, publisher, published, covers_from, covers_till,
            source_title, source_url, source_sha256, gwp_set, status, changelog, supersedes_id, layout, skipped,
            created_by, notes)
          values (${sourceId}, ${query.name}, ${publisher}, ${query.published}, ${coversFrom},
            ${coversTill}, ${query.sourceTitle ?? null}, ${query.sourceUrl ?? null},
            ${createHash('sha256').update(file).digest('hex')}, ${query.gwpSet}, 'draft',
            ${query.changelog ?? null}, ${query.supersedes ?? null}, ${query.layout},
            ${JSON.stringify(skipped)}::jsonb, ${a.user.id}, ${`${parsed.blank} rows without a kg CO2e value left out`})
          returning id`);
        const editionId = inserted.rows[0]?.id;
        if (editionId === undefined) throw new Error('edition not created');
        await q.insertFactors(
          tx,
          editionId,
          sourceId,
          a.user.id,
          mapped.factors.map((f) => f.published),
        );
        await audit(tx, a, {
          organisationId: null,
          action: 'load edition',
          asset: { type: 'emission factor edition', id: editionId, name: query.name },
          changes: created({ publisher, layout: query.layout, factors: mapped.factors.length }),
        });
        return editionId;
      });
      const data = await detail(id);
      return {
        success: true as const,
        message: fill(EDITION_MSG.loaded, { name: data.name, count: data.factorCount }),
        data,
      };
    },

    async remove(a: Caller, id: number) {
      await db.transaction(async (tx) => {
        const e = await q.edition(tx, id, true);
        if (!e) throw notFound(EDITION_MSG.notFound);
        if (e.status !== 'draft') throw badRequest(fill(EDITION_MSG.notDraft, { status: e.status }));
        await tx.execute(sql`delete from emission_factor_editions where id = ${id}`);
        await audit(tx, a, {
          organisationId: null,
          action: 'delete edition',
          asset: { type: 'emission factor edition', id, name: e.name },
        });
      });
      return { success: true as const };
    },

    async mappings() {
      return (await q.mappings(db)).map(toMapping);
    },

    async saveMapping(a: Caller, input: FactorMappingInput) {
      const body = factorMappingInput.parse(input);
      if (body.scope !== 2 && body.basis !== null)
        throw badRequest(EDITION_MSG.mappingBasis, { basis: [EDITION_MSG.mappingBasis] });
      const key = body.key.toLowerCase().replace(/\s+/g, ' ');
      const id = await db.transaction(async (tx) => {
        const unit = await tx.execute(sql`
          select 1 from units u join data_types d on d.id = u.data_type_id
          where u.id = ${body.unitId} and d.id = ${body.dataTypeId} and d.organisation_id is null`);
        if (unit.rows.length === 0)
          throw badRequest(EDITION_MSG.mappingUnit, { unitId: [EDITION_MSG.mappingUnit] });
        const rows = await tx.execute<{ id: number }>(sql`
          insert into factor_mappings (layout, key, data_type_id, scope, scope2_basis, unit_id)
          values (${body.layout}, ${key}, ${body.dataTypeId}, ${body.scope},
            ${body.scope === 2 ? (body.basis ?? 'location') : null}, ${body.unitId})
          on conflict do nothing returning id`);
        const saved = rows.rows[0]?.id;
        if (saved === undefined)
          throw badRequest(EDITION_MSG.mappingInUse, { key: [EDITION_MSG.mappingInUse] });
        await audit(tx, a, {
          organisationId: null,
          action: 'create factor mapping',
          asset: { type: 'factor mapping', id: saved, name: key },
          changes: created({ ...body, key }),
        });
        return saved;
      });
      const found = (await q.mappings(db)).find((m) => m.id === id);
      if (!found) throw notFound();
      return toMapping(found);
    },

    async deleteMapping(a: Caller, id: number) {
      await db.transaction(async (tx) => {
        const rows = await tx.execute<{ key: string }>(
          sql`delete from factor_mappings where id = ${id} returning key`,
        );
        const gone = rows.rows[0];
        if (!gone) throw notFound();
        await audit(tx, a, {
          organisationId: null,
          action: 'delete factor mapping',
          asset: { type: 'factor mapping', id, name: gone.key },
        });
      });
      return { success: true as const };
    },
  };
}

export type EditionsService = ReturnType<typeof createEditionsService>;
