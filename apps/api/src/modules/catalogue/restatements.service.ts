import { publishRequest } from '@verdant/contracts/catalogue-restatements';
import type { Db, DbOrTx, Tx } from '@verdant/db/client';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import { fill } from '@verdant/domain/messages';
import { type NightWindow, overnightStart } from '@verdant/domain/overnight';
import { DEFAULT_TIME_ZONE } from '@verdant/domain/time-zone';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobQueue } from '../../jobs/job-definition';
import { createJobRecord, RESTATEMENT_JOB } from '../../jobs/job-records';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as e from './editions.queries';
import { type Change, simulate, toRestatement } from './restatement-run';
import * as q from './restatements.queries';

/** What a proposal saw of the catalogue: a confirmation after another publication is stale. */
export async function catalogueStamp(db: DbOrTx) {
  const rows = await db.execute<{ stamp: string }>(sql`
    select count(*)::text || '|' || coalesce(max(published_at)::text, '') || '|' ||
      coalesce(string_agg(id::text || status, ',' order by id), '') as stamp
    from emission_factor_editions where status <> 'draft'`);
  return rows.rows[0]?.stamp ?? '';
}

/** Publishing an edition: it becomes published; the one it corrects, superseded. */
export function publishChange(editionId: number, supersedesId: number | null, userId: number): Change {
  return {
    meters: (tx) => q.metersOfEditions(tx, supersedesId === null ? [editionId] : [editionId, supersedesId]),
    apply: async (tx) => {
      await tx.execute(sql`
        update emission_factor_editions set status = 'published', published_at = now(), published_by = ${userId}
        where id = ${editionId}`);
      if (supersedesId !== null)
        await tx.execute(
          sql`update emission_factor_editions set status = 'superseded' where id = ${supersedesId}`,
        );
    },
  };
}

/** Keeps a proposal with its preview and audit row, and answers it. */
export async function storeProposal(
  db: Db,
  a: Caller,
  name: string,
  values: Omit<Parameters<typeof q.insertRestatement>[1], 'userId'>,
) {
  const id = await db.transaction(async (tx) => {
    const created = await q.insertRestatement(tx, { ...values, userId: a.user.id });
    await audit(tx, a, {
      organisationId: values.organisationId,
      action: 'propose restatement',
      asset: { type: 'restatement', id: created, name },
    });
    return created;
  });
  const r = await q.restatement(db, id);
  if (!r) throw notFound();
  return toRestatement(r);
}

export type ChangeOf = (tx: Tx, r: q.RestatementRow, userId: number) => Promise<Change>;

/** Confirmations take turns, so two cannot both find an organisation free. */
const CONFIRM_LOCK = 74235;

/** Publishing a draft edition, as a restatement's change (refused once the edition is no longer a draft). */
export const editionChangeOf: ChangeOf = async (tx, r, userId) => {
  if (r.kind !== 'publish') throw notFound();
  const edition = await e.edition(tx, r.edition_id ?? 0, true);
  if (edition?.status !== 'draft')
    throw badRequest(fill(EDITION_MSG.notDraft, { status: edition?.status ?? 'gone' }));
  return publishChange(edition.id, edition.supersedes_id, userId);
};

/**
 * When a confirmed restatement's job runs: Immediate (type 1), or Overnight (type 2) from the next night window on
 * the organisation's clock, or the product's for an edition of the default set (docs/decisions/job-runner.md,
 * Overnight jobs).
 */
export type ConfirmWhen = { type: 1 } | { type: 2; now: Date; window: NightWindow };

/** The start of an Overnight restatement: the night window on its organisation's clock. */
async function overnightOf(tx: Tx, organisationId: number | null, when: ConfirmWhen) {
  if (when.type === 1) return null;
  const zone =
    organisationId === null
      ? DEFAULT_TIME_ZONE
      : ((
          await tx.execute<{ zone: string }>(
            sql`select time_zone as zone from organisations where id = ${organisationId}`,
          )
        ).rows[0]?.zone ?? DEFAULT_TIME_ZONE);
  return overnightStart(when.now, zone, when.window);
}

/**
 * Confirms a proposed restatement (docs/decisions/catalogue.md, Restatements): refused when it is no longer
 * proposed, when what it previewed has changed since, or when another restatement of one of its organisations is
 * being applied; else it is handed to the jobs centre's Emission Factor Update, which applies the change and every
 * fact it moves in one transaction, at once or overnight.
 */
export async function confirmRestatement(
  db: Db,
  a: Caller,
  id: number,
  changeOf: ChangeOf,
  stampOf: (tx: Tx, r: q.RestatementRow) => Promise<string>,
  jobs: JobQueue,
  organisationId?: number,
  when: ConfirmWhen = { type: 1 },
) {
  let runAfter: Date | null = null;
  const jobId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONFIRM_LOCK})`);
    const r = await q.restatement(tx, id, true);
    if (!r || (organisationId !== undefined && r.organisation_id !== organisationId)) throw notFound();
    if (r.status !== 'proposed')
      throw badRequest(fill(EDITION_MSG.restatementNotProposed, { status: r.status }));
    await changeOf(tx, r, a.user.id);
    if ((await stampOf(tx, r)) !== r.change.stamp) throw badRequest(EDITION_MSG.restatementStale);
    const mine = new Set(r.preview.byOrganisation.map((o) => o.organisationId));
    if (r.organisation_id !== null) mine.add(r.organisation_id);
    const busy = (await q.busyOrganisations(tx, id)).find((o) => mine.has(o.id));
    if (busy)
      throw badRequest(fill(EDITION_MSG.restatementBusy, { organisation: busy.name, years: 'its figures' }));
    runAfter = await overnightOf(tx, r.organisation_id, when);
    const job = await createJobRecord(tx, {
      queue: RESTATEMENT_JOB,
      type: when.type,
      runAfter,
      kind: 'restatement',
      title: `Emission Factor Update: ${r.edition_name ?? r.reason}`,
      ownerId: a.user.id,
      organisationId: r.organisation_id,
      parameters: { restatementId: id, editionId: r.edition_id, edition: r.edition_name, reason: r.reason },
    });
    await q.startRestatement(tx, id, job, a.user.id);
    await audit(tx, a, {
      organisationId: r.organisation_id,
      action: 'confirm restatement',
      asset: { type: 'restatement', id, name: r.edition_name ?? r.reason },
      changes: { status: { before: 'proposed', after: 'running' } },
    });
    return job;
  });
  // Should the send fail, the job stays Pending on /tools, where it can be retried.
  await jobs.send(RESTATEMENT_JOB, { jobId }, runAfter ? { startAfter: runAfter } : {}).catch(() => {});
  const done = await q.restatement(db, id);
  if (!done) throw notFound();
  return toRestatement(done);
}

/** Publishing editions of the default set, as proposed restatements (product administrators). */
export function createRestatementsService({
  db,
  clock,
  jobs,
  overnight,
}: {
  db: Db;
  clock: () => Date;
  jobs: JobQueue;
  /** The night window of Overnight jobs (OVERNIGHT_WINDOW). */
  overnight: NightWindow;
}) {
  return {
    async propose(a: Caller, editionId: number, input: z.input<typeof publishRequest>) {
      const { reason } = publishRequest.parse(input);
      const edition = await e.edition(db, editionId);
      if (!edition) throw notFound(EDITION_MSG.notFound);
      if (edition.status !== 'draft')
        throw badRequest(fill(EDITION_MSG.notDraft, { status: edition.status }));
      const previous = await e.previousEdition(db, edition);
      const stamp = await catalogueStamp(db);
      const preview = await simulate(db, publishChange(editionId, edition.supersedes_id, a.user.id), clock());
      return storeProposal(db, a, edition.name, {
        kind: 'publish',
        organisationId: null,
        editionId,
        previousEditionId: previous?.id ?? null,
        change: { stamp },
        reason,
        preview,
      });
    },

    async get(id: number) {
      const r = await q.restatement(db, id);
      if (!r) throw notFound();
      return toRestatement(r);
    },

    /** `type` 2 runs it Overnight (docs/decisions/job-runner.md, Overnight jobs). */
    confirm: (a: Caller, id: number, type: 1 | 2 = 1) =>
      confirmRestatement(
        db,
        a,
        id,
        editionChangeOf,
        (tx, r) => (r.kind === 'publish' ? catalogueStamp(tx) : Promise.resolve('choice')),
        jobs,
        undefined,
        type === 2 ? { type, now: clock(), window: overnight } : { type: 1 },
      ),
  };
}

export type RestatementsService = ReturnType<typeof createRestatementsService>;
