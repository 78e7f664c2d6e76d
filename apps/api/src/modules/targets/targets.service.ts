import type {
  GroupTarget,
  groupTargetRequest,
  Measure,
  newTargetRequest,
  PerformanceReport,
  Target,
  TargetList,
  TargetSpec,
} from '@verdant/contracts/targets';
import type { Db } from '@verdant/db/client';
import { type FactEdition, factEditions } from '@verdant/db/ledger/read-model';
import { fill, MSG } from '@verdant/domain/messages';
import {
  type Performance,
  performanceAgainstTarget,
  performanceMonths,
} from '@verdant/domain/targets/performance';
import { normaliseProfile } from '@verdant/domain/targets/profiles';
import type { z } from 'zod';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { type OrganisationContext, orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './targets.queries';

type MemberType = 'site' | 'meter';
const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
const numberOrNull = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

const toTarget = (r: Awaited<ReturnType<typeof q.listTargets>>[number]): Target => ({
  id: r.id,
  name: r.name,
  orgId: r.organisationId,
  spec: r.spec as Target['spec'],
});

/**
 * Named reduction targets (core-portal.md 3 Target, 5), groups' own annual targets, and performance against
 * targets: every member reads them; editors create targets and set group targets.
 */
export function createTargetsService({ db }: { db: Db }) {
  /** The spec as stored: an entered profile normalised to 100, the baseline year before the current one. */
  function checkedSpec(org: OrganisationContext, spec: TargetSpec): TargetSpec {
    if (spec.baselineYear >= Number(org.today.slice(0, 4)))
      throw fieldError('spec.baselineYear', MSG.targetBaselineYear);
    let profile: number[] | null = null;
    if (spec.profileFrom === 'ENTER') {
      const result = normaliseProfile(spec.profile ?? []);
      if (!result.ok)
        throw fieldError('spec.profile', fill(MSG.targetProfileInvalid, { reason: result.reason }));
      profile = result.profile;
    }
    return {
      ...spec,
      baselineCons: spec.consFrom === 'ENTER' ? spec.baselineCons : null,
      profile,
    };
  }

  /**
   * The months a performance reads: the target's, to today's month at the latest (later months have no figures
   * yet; today is the organisation's, docs/domain.md, Time zones and today).
   */
  function monthsRead(org: OrganisationContext, spec: Target['spec']) {
    const { months } = performanceMonths(spec);
    const last = months[months.length - 1] ?? '';
    return { months, from: months[0] ?? '', till: last < org.currentMonth ? last : org.currentMonth };
  }

  /** One scope's performance: the ledger's monthly figures of the meters against the target. */
  async function performanceOf(
    org: OrganisationContext,
    spec: Target['spec'],
    measure: Measure,
    meterIds: number[] | null,
  ): Promise<Performance> {
    const { from, till } = monthsRead(org, spec);
    return against(org, spec, await q.monthlyMeasure(db, org.id, measure, from, till, meterIds));
  }

  /**
   * The monthly figures against the target; today's month is still filling (docs/domain.md, Completeness and
   * estimates): marked incomplete.
   */
  function against(org: OrganisationContext, spec: Target['spec'], figures: q.MonthlyMeasure): Performance {
    const { months } = monthsRead(org, spec);
    if (months.includes(org.currentMonth)) figures.incomplete.add(org.currentMonth);
    return performanceAgainstTarget(spec, figures.values, figures.incomplete);
  }

  /**
   * The editions of emission factors that produced the kg CO2e a performance reads, location-based as its
   * figures are (docs/decisions/factor-editions.md); none for kWh.
   */
  async function editionsOf(
    org: OrganisationContext,
    spec: Target['spec'],
    measure: Measure,
    meterIds: number[] | null,
  ): Promise<FactEdition[]> {
    if (measure !== 'co2e') return [];
    const { from, till } = monthsRead(org, spec);
    return factEditions(db, { organisationId: org.id, from, till, visible: meterIds }, { market: false });
  }

  async function chosenTarget(organisationId: number, targetId: number | undefined) {
    if (targetId !== undefined) {
      const row = await q.findTarget(db, organisationId, targetId);
      if (!row) throw fieldError('target', MSG.targetUnknown);
      return toTarget(row);
    }
    const [first] = await q.listTargets(db, organisationId);
    return first ? toTarget(first) : null;
  }

  const emptyReport = (measure: Measure): PerformanceReport => ({
    targetId: null,
    targetName: null,
    measure,
    yearEnd: null,
    baselineYear: null,
    finalYear: null,
    groups: [],
    editions: [],
  });

  const reportOf = (
    target: Target,
    measure: Measure,
    groups: PerformanceReport['groups'],
    editions: FactEdition[],
    p?: Performance,
  ) => ({
    editions,
    targetId: target.id,
    targetName: target.name,
    measure,
    yearEnd: target.spec.baselineYearEnd,
    baselineYear: target.spec.baselineYear,
    finalYear: p?.finalYear ?? performanceMonths(target.spec).finalYear,
    groups,
  });

  return {
    async list(a: Caller, organisationId: number): Promise<TargetList> {
      const rows = await q.listTargets(db, organisationId);
      return { targets: rows.map(toTarget), mayEdit: a.checked.mayEdit };
    },

    async create(
      a: Caller,
      organisationId: number,
      body: z.output<typeof newTargetRequest>,
    ): Promise<Target> {
      if (body.orgId !== undefined && body.orgId !== organisationId) throw forbidden();
      const spec = checkedSpec(orgOf(a), body.spec);
      return db.transaction(async (tx) => {
        if (await q.targetNamed(tx, organisationId, body.name))
          throw fieldError('name', MSG.targetNameExists);
        const row = await q.insertTarget(tx, { organisationId, name: body.name, spec });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'target', id: row.id, name: row.name },
          changes: created({ name: row.name, spec }),
        });
        return toTarget(row);
      });
    },

    async groupTarget(a: Caller, type: MemberType, groupId: number): Promise<GroupTarget> {
      const organisationId = orgOf(a).id;
      if (!(await q.findGroup(db, organisationId, groupId, type))) throw notFound();
      const row = await q.groupTargetOf(db, organisationId, groupId);
      return { co2eTarget: numberOrNull(row?.co2eTarget), consTarget: numberOrNull(row?.consTarget) };
    },

    async setGroupTarget(
      a: Caller,
      type: MemberType,
      groupId: number,
      body: z.output<typeof groupTargetRequest>,
    ): Promise<GroupTarget> {
      const organisationId = orgOf(a).id;
      return db.transaction(async (tx) => {
        const group = await q.findGroup(tx, organisationId, groupId, type);
        if (!group) throw notFound();
        const before = await q.groupTargetOf(tx, organisationId, groupId);
        const values: { co2eTarget?: string | null; consTarget?: string | null } = {};
        if (body.co2e !== undefined) values.co2eTarget = body.co2e === null ? null : String(body.co2e);
        if (body.cons !== undefined) values.consTarget = body.cons === null ? null : String(body.cons);
        await q.upsertGroupTarget(tx, { organisationId, groupId, ...values });
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: `${type}-group`, id: groupId, name: group.name },
          changes: diff(
            { co2eTarget: before?.co2eTarget ?? null, consTarget: before?.consTarget ?? null },
            values,
          ),
        });
        const after = await q.groupTargetOf(tx, organisationId, groupId);
        return { co2eTarget: numberOrNull(after?.co2eTarget), consTarget: numberOrNull(after?.consTarget) };
      });
    },

    /** The organisation's performance against a target (over the meters the caller sees). */
    async organisationPerformance(
      a: Caller,
      organisationId: number,
      query: { target?: number; measure: Measure },
    ): Promise<PerformanceReport> {
      const target = await chosenTarget(organisationId, query.target);
      if (!target) return emptyReport(query.measure);
      const visible = await visibleMetersOf(db, a, organisationId);
      const [p, editions] = await Promise.all([
        performanceOf(orgOf(a), target.spec, query.measure, visible),
        editionsOf(orgOf(a), target.spec, query.measure, visible),
      ]);
      return reportOf(
        target,
        query.measure,
        [{ id: null, name: 'Organisation', baseline: p.baseline, target: p.target, months: p.months }],
        editions,
        p,
      );
    },

    /**
     * A grouping's groups against a target: each group's baseline derived from its own ledger figures (an
     * entered baseline is the organisation's, so a group's is always derived), the target's path and profile.
     */
    async groupingPerformance(
      a: Caller,
      type: MemberType,
      groupingId: number,
      query: { target?: number; measure: Measure },
    ): Promise<PerformanceReport> {
      const organisationId = orgOf(a).id;
      // What the report needs first, asked at once; an unknown grouping is answered before an unknown target.
      const [grouping, chosen, visible, groupRows] = await Promise.all([
        q.findGrouping(db, organisationId, groupingId, type),
        chosenTarget(organisationId, query.target).then(
          (target) => ({ target }),
          (error: unknown) => ({ error }),
        ),
        visibleMetersOf(db, a, organisationId),
        q.groupsWithMeters(db, organisationId, groupingId),
      ]);
      if (!grouping) throw notFound();
      if ('error' in chosen) throw chosen.error;
      const { target } = chosen;
      if (!target) return emptyReport(query.measure);
      const spec = { ...target.spec, consFrom: 'DERIVE' as const, baselineCons: null };
      const seen = visible === null ? null : new Set(visible);
      const visibleGroups = groupRows.map((g) => ({
        ...g,
        meterIds: seen === null ? g.meterIds : g.meterIds.filter((id) => seen.has(id)),
      }));
      const read = [...new Set(visibleGroups.flatMap((g) => g.meterIds))];
      // Every group's months in one statement (docs/decisions/performance.md, A grouping's groups read at once),
      // and the editions of every group's meters, read once over them all, beside it.
      const { from, till } = monthsRead(orgOf(a), spec);
      const [figures, editions] = await Promise.all([
        q.groupMonthlyMeasures(
          db,
          organisationId,
          query.measure,
          from,
          till,
          visibleGroups.map((g) => g.meterIds),
        ),
        editionsOf(orgOf(a), spec, query.measure, read),
      ]);
      const groups: PerformanceReport['groups'] = visibleGroups.map((g, i) => {
        const p = against(orgOf(a), spec, figures[i] ?? { values: new Map(), incomplete: new Set() });
        return { id: g.id, name: g.name, baseline: p.baseline, target: p.target, months: p.months };
      });
      return reportOf(target, query.measure, groups, editions);
    },
  };
}

export type TargetsService = ReturnType<typeof createTargetsService>;
