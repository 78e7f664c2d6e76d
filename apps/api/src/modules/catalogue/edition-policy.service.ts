import {
  augmentRequest,
  type EditionPolicy,
  type EditionPolicyRequest,
  editionPolicyRequest,
  type RestatementSettingsRequest,
  restatementSettingsRequest,
} from '@verdant/contracts/catalogue-restatements';
import type { Db, DbOrTx } from '@verdant/db/client';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import { fill } from '@verdant/domain/messages';
import type { NightWindow } from '@verdant/domain/overnight';
import { OWN_SET_MSG, ownSetName } from '@verdant/domain/own-factor-sets';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobQueue } from '../../jobs/job-definition';
import { audit, created, diff } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { type Change, simulate } from './restatement-run';
import * as q from './restatements.queries';
import { confirmRestatement, storeProposal } from './restatements.service';

export type Policy = {
  mode: 'effective' | 'pinned';
  switchDate: string | null;
  pins: { reportingYear: number; editionId: number }[];
};

async function policyOf(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{
    mode: 'effective' | 'pinned';
    switch_date: string | null;
    threshold: number;
    recalculation_policy: string | null;
    changed_at: string | null;
    pins: { reportingYear: number; editionId: number; editionName: string }[];
  }>(sql`
    select coalesce(p.mode, 'effective') as mode, p.switch_date::text as switch_date,
      coalesce(p.significance_threshold, 5)::float8 as threshold, p.recalculation_policy, p.changed_at::text as changed_at,
      coalesce((select json_agg(json_build_object('reportingYear', x.reporting_year, 'editionId', x.edition_id,
        'editionName', e.name) order by x.reporting_year, e.name)
        from organisation_edition_pins x join emission_factor_editions e on e.id = x.edition_id
        where x.organisation_id = ${organisationId}), '[]') as pins
    from organisations o left join organisation_edition_policies p on p.organisation_id = ${organisationId}
    where o.id = ${organisationId}`);
  const row = rows.rows[0];
  if (!row) throw new Error('organisation not found');
  return row;
}

/** What a proposal saw of the organisation's choice: confirming after another change is stale. */
export const choiceStamp = async (db: DbOrTx, organisationId: number) => {
  const p = await policyOf(db, organisationId);
  return JSON.stringify([p.mode, p.switch_date, p.pins, p.changed_at]);
};

export function choiceChange(organisationId: number, policy: Policy, userId: number): Change {
  return {
    organisationId,
    meters: (tx) => q.metersOfOrganisation(tx, organisationId),
    apply: async (tx) => {
      await tx.execute(sql`
        insert into organisation_edition_policies (organisation_id, mode, switch_date, changed_by, changed_at)
        values (${organisationId}, ${policy.mode}, ${policy.switchDate}, ${userId}, now())
        on conflict (organisation_id) do update set mode = excluded.mode, switch_date = excluded.switch_date,
          changed_by = excluded.changed_by, changed_at = excluded.changed_at`);
      await tx.execute(sql`delete from organisation_edition_pins where organisation_id = ${organisationId}`);
      for (const pin of policy.pins)
        await tx.execute(sql`insert into organisation_edition_pins (organisation_id, reporting_year, edition_id)
          values (${organisationId}, ${pin.reportingYear}, ${pin.editionId})`);
    },
  };
}

/**
 * Which editions an organisation uses (docs/decisions/catalogue.md, Which edition an organisation uses): its
 * administrators read and propose a change, which is a restatement of its past figures, previewed and confirmed.
 */
export function createEditionPolicyService({
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
  async function read(organisationId: number): Promise<EditionPolicy> {
    const p = await policyOf(db, organisationId);
    const editions = await db.execute<{ id: number; name: string; publisher: string; status: string }>(sql`
      select e.id, e.name, e.publisher, e.status from emission_factor_editions e
      join emission_factor_sources s on s.id = e.source_id and s.is_default
      where e.status in ('published', 'superseded') order by e.publisher, e.published desc nulls last, e.id desc`);
    return {
      mode: p.mode,
      switchDate: p.switch_date,
      pins: p.pins,
      significanceThreshold: p.threshold,
      recalculationPolicy: p.recalculation_policy,
      editions: editions.rows,
    };
  }

  async function check(
    body: ReturnType<typeof editionPolicyRequest.parse>,
    organisationId: number,
  ): Promise<Policy> {
    if (body.mode === 'effective') return { mode: 'effective', switchDate: null, pins: [] };
    if (body.switchDate === null)
      throw badRequest(EDITION_MSG.policySwitchNeeded, { switchDate: [EDITION_MSG.policySwitchNeeded] });
    if (body.pins.length === 0)
      throw badRequest(EDITION_MSG.policyPinsNeeded, { pins: [EDITION_MSG.policyPinsNeeded] });
    const { editions } = await read(organisationId);
    const seen = new Set<string>();
    for (const pin of body.pins) {
      const e = editions.find((x) => x.id === pin.editionId);
      if (!e) throw badRequest(EDITION_MSG.policyPinUnknown, { pins: [EDITION_MSG.policyPinUnknown] });
      const key = `${pin.reportingYear}|${e.publisher}`;
      if (seen.has(key)) {
        const message = fill(EDITION_MSG.policyPinTwice, { year: pin.reportingYear });
        throw badRequest(message, { pins: [message] });
      }
      seen.add(key);
    }
    return { mode: 'pinned', switchDate: body.switchDate, pins: body.pins };
  }

  return {
    read: (a: Caller) => read(orgOf(a).id),

    async saveSettings(a: Caller, input: RestatementSettingsRequest) {
      const body = restatementSettingsRequest.parse(input);
      const id = orgOf(a).id;
      await db.transaction(async (tx) => {
        const before = await policyOf(tx, id);
        await tx.execute(sql`
          insert into organisation_edition_policies (organisation_id, significance_threshold, recalculation_policy)
          values (${id}, ${body.significanceThreshold}, ${body.recalculationPolicy})
          on conflict (organisation_id) do update set significance_threshold = excluded.significance_threshold,
            recalculation_policy = excluded.recalculation_policy`);
        await audit(tx, a, {
          organisationId: id,
          action: 'update restatement settings',
          asset: { type: 'organisation', id },
          changes: diff(
            { significanceThreshold: before.threshold, recalculationPolicy: before.recalculation_policy },
            body,
          ),
        });
      });
      return read(id);
    },

    async propose(a: Caller, input: EditionPolicyRequest) {
      const body = editionPolicyRequest.parse(input);
      const id = orgOf(a).id;
      const policy = await check(body, id);
      const now = await policyOf(db, id);
      const same =
        policy.mode === now.mode &&
        policy.switchDate === now.switch_date &&
        JSON.stringify(policy.pins.map((p) => [p.reportingYear, p.editionId]).sort()) ===
          JSON.stringify(now.pins.map((p) => [p.reportingYear, p.editionId]).sort());
      if (same) throw badRequest(EDITION_MSG.policyUnchanged);
      const stamp = await choiceStamp(db, id);
      const preview = await simulate(db, choiceChange(id, policy, a.user.id), clock());
      return storeProposal(db, a, body.reason, {
        kind: 'choice',
        organisationId: id,
        editionId: null,
        previousEditionId: null,
        change: { stamp, policy },
        reason: body.reason,
        preview,
      });
    },

    /** `type` 2 runs it Overnight (docs/decisions/job-runner.md, Overnight jobs). */
    confirm: (a: Caller, restatementId: number, type: 1 | 2 = 1) => {
      const id = orgOf(a).id;
      return confirmRestatement(
        db,
        a,
        restatementId,
        async (_tx, r, userId) => choiceChange(id, r.change.policy as Policy, userId),
        (tx) => choiceStamp(tx, id),
        jobs,
        id,
        type === 2 ? { type, now: clock(), window: overnight } : { type: 1 },
      );
    },

    async augment(a: Caller, input: z.input<typeof augmentRequest>) {
      const body = augmentRequest.parse(input);
      const id = orgOf(a).id;
      const name = ownSetName(body.name);
      const sourceId = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(74234, ${id}::int)`);
        const taken = await tx.execute(sql`select 1 from emission_factor_sources
          where organisation_id = ${id} and lower(name) = lower(${name})`);
        if (taken.rows.length > 0) {
          const message = fill(OWN_SET_MSG.nameInUse, { name });
          throw badRequest(message, { name: [message] });
        }
        const rows = await tx.execute<{ id: number }>(sql`
          insert into emission_factor_sources (name, organisation_id, is_default, notes)
          values (${name}, ${id}, false, ${`Augment Factors: ${body.name}`}) returning id`);
        const newId = rows.rows[0]?.id ?? 0;
        await audit(tx, a, {
          organisationId: id,
          action: 'augment factors',
          asset: { type: 'factor source', id: newId, name },
          changes: created({ name }),
        });
        return newId;
      });
      return {
        success: true as const,
        message: fill(OWN_SET_MSG.created, { name }),
        data: { id: sourceId, name },
      };
    },

    async list(a: Caller) {
      return (await q.organisationRestatements(db, orgOf(a).id)).map((r) => ({
        id: r.id,
        kind: r.kind,
        reason: r.reason,
        confirmedBy: r.confirmed_by,
        confirmedAt: r.confirmed_at,
        editionBefore: r.edition_before,
        editionAfter: r.edition_after,
        meters: r.meters,
        years: r.years,
        changePercent: r.change_percent,
        threshold: r.threshold,
        significant:
          r.years.some((y) => y.changePercent === null) ||
          (r.change_percent !== null && r.change_percent > r.threshold),
      }));
    },
  };
}

export type EditionPolicyService = ReturnType<typeof createEditionPolicyService>;
