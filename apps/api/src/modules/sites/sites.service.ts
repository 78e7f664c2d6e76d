import type { NewSiteRequest, Site, SiteList, SiteListQuery, SiteUpdate } from '@verdant/contracts/sites';
import type { AssetGraphData } from '@verdant/contracts/sites/figures';
import type { Db, DbOrTx } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { siteAlertCounts } from '../../lib/alert-counts.queries';
import { comparisonMonths, lived, round } from '../../lib/asset-graph';
import { audit, created, diff } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import * as groups from '../../lib/group-members.queries';
import { orgOf } from '../../lib/organisation-context';
import { allowedOf, seesEverything, visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './sites.queries';

const GRAPH_UNITS = { cons: 'kWh', cost: '$', co2e: 'kg CO2e' } as const;

const conflict = (message: string) => new AppError('CONFLICT', message, 409);

/** Sites (core-portal spec: Site page, New site, Site data export): rights first, one transaction per write. */
export function createSitesService({ db, clock }: { db: Db; clock: () => Date }) {
  /** The sites the caller may see: null when advanced rights hide none. */
  async function viewableSites(tx: DbOrTx, a: Caller, organisationId: number) {
    if (seesEverything(a, organisationId)) return null;
    const all = await q.liveSiteIds(tx, organisationId);
    const visible = await allowedOf(tx, a.principal, 'view', organisationId, all, (id) => ({
      type: 'site',
      id,
    }));
    return visible.length === all.length ? null : visible;
  }

  /** The live site the route's rule was checked on (gone since the check: not found). */
  async function siteScope(tx: DbOrTx, a: Caller, siteId: number) {
    const organisationId = a.checked.organisationId;
    const found = organisationId === null ? undefined : await q.findSite(tx, organisationId, siteId);
    if (!found) throw notFound();
    return { site: found, mayEdit: a.checked.mayEdit };
  }

  async function readSite(a: Caller, siteId: number): Promise<Site> {
    const { site, mayEdit } = await siteScope(db, a, siteId);
    const { lastCompleteMonth: month, reportingYearEnd: yearEnd } = orgOf(a);
    const [joined, available, indicators, meterCount, visible] = await Promise.all([
      groups.joinedGroups(db, site.organisationId, 'site', siteId),
      groups.groupsOf(db, site.organisationId, 'site'),
      q.siteIndicators(db, site.organisationId, siteId),
      q.liveMeterCount(db, site.organisationId, siteId),
      visibleMetersOf(db, a, site.organisationId),
    ]);
    const [[figures], alerts] = await Promise.all([
      q.siteMonthlyFigures(db, site.organisationId, [siteId], month, month, visible),
      siteAlertCounts(db, site.organisationId, [siteId], visible),
    ]);
    return {
      id: site.id,
      organisationId: site.organisationId,
      name: site.name,
      description: site.description,
      siteAddress1: site.siteAddress1,
      siteAddress2: site.siteAddress2,
      siteAddress3: site.siteAddress3,
      regionId: site.regionId,
      siteOpen: site.siteOpen,
      siteClose: site.siteClose,
      heatPlant: site.heatPlant,
      closed: site.siteClose !== null,
      consumption: round(figures?.cons ?? 0, 3),
      groups: joined.map((g) => g.name),
      meters: meterCount,
      alerts: alerts.get(siteId) ?? 0,
      joinedGroups: joined,
      availableGroups: available,
      indicators,
      calculableIndicators: indicators.filter((i) => i.value !== null).map((i) => i.indicatorId),
      mayEdit,
      reportingYearEnd: yearEnd,
      lastCompleteMonth: month.slice(0, 7),
    };
  }

  return {
    async list(a: Caller, organisationId: number, query: SiteListQuery): Promise<SiteList> {
      const { mayEdit } = a.checked;
      const yyyymm = query.month ?? orgOf(a).lastCompleteMonth.slice(0, 7).replace('-', '');
      const month = `${yyyymm.slice(0, 4)}-${yyyymm.slice(4, 6)}-01`;
      const [allowed, visible, groupOptions] = await Promise.all([
        viewableSites(db, a, organisationId),
        visibleMetersOf(db, a, organisationId),
        groups.groupsOf(db, organisationId, 'site'),
      ]);
      const rows = await q.listSites(db, organisationId, query, month, allowed, visible);
      return {
        mayEdit,
        total: rows[0]?.total ?? 0,
        month: yyyymm,
        groupOptions,
        sites: rows.map((r) => ({
          id: r.id,
          name: r.name,
          consumption: round(r.consumption, query.measure === 'cost' ? 2 : 3),
          groups: r.groups,
          meters: r.meters,
          alerts: r.alerts,
          closed: r.site_close !== null,
          siteOpen: r.site_open,
          siteClose: r.site_close,
        })),
      };
    },

    async checkName(_a: Caller, organisationId: number, name: string) {
      if (!name.trim()) return { success: false, message: MSG.siteNameRequired };
      return (await q.nameTaken(db, organisationId, name))
        ? { success: false, message: MSG.siteNameInUse }
        : { success: true };
    },

    async create(a: Caller, organisationId: number, body: NewSiteRequest): Promise<Site> {
      const id = await db.transaction(async (tx) => {
        if (await q.nameTaken(tx, organisationId, body.name)) {
          throw badRequest(MSG.siteNameInUse, { name: [MSG.siteNameInUse] });
        }
        const row = await q.insertSite(tx, {
          organisationId,
          name: body.name.trim(),
          regionId: body.region,
          siteOpen: body.openDate,
        });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'site', id: row.id, name: row.name },
          changes: created({ name: row.name, regionId: row.regionId, siteOpen: row.siteOpen }),
        });
        return row.id;
      });
      return readSite(a, id);
    },

    read: readSite,

    async update(a: Caller, siteId: number, body: SiteUpdate): Promise<Site> {
      await db.transaction(async (tx) => {
        const { site } = await siteScope(tx, a, siteId);
        const change: SiteUpdate = { ...body };
        if (change.name !== undefined && (await q.nameTaken(tx, site.organisationId, change.name, siteId))) {
          throw badRequest(MSG.siteNameInUse, { name: [MSG.siteNameInUse] });
        }
        if (change.siteClose === '') change.siteClose = null;
        for (const key of ['description', 'siteAddress1', 'siteAddress2', 'siteAddress3'] as const) {
          if (change[key] === '') change[key] = null;
        }
        const open = change.siteOpen ?? site.siteOpen;
        const close = change.siteClose === undefined ? site.siteClose : change.siteClose;
        if (open && close && close < open) {
          throw badRequest(MSG.siteCloseBeforeOpen, { siteClose: [MSG.siteCloseBeforeOpen] });
        }
        await q.updateSite(tx, site.organisationId, siteId, change);
        await audit(tx, a, {
          organisationId: site.organisationId,
          action: 'update',
          asset: { type: 'site', id: siteId, name: change.name ?? site.name },
          changes: diff(site, change),
        });
      });
      return readSite(a, siteId);
    },

    async remove(a: Caller, siteId: number) {
      return db.transaction(async (tx) => {
        const { site } = await siteScope(tx, a, siteId);
        if ((await q.liveMeterCount(tx, site.organisationId, siteId)) > 0)
          throw conflict(MSG.siteHasDataSources);
        await q.archiveSite(tx, site.organisationId, siteId, a.user.id, clock());
        await audit(tx, a, {
          organisationId: site.organisationId,
          action: 'delete',
          asset: { type: 'site', id: siteId, name: site.name },
        });
        return { success: true, message: fill(MSG.siteDeleted, { name: site.name }) };
      });
    },

    async setIndicator(a: Caller, siteId: number, indicatorId: number, raw: number | string | null) {
      await db.transaction(async (tx) => {
        const { site } = await siteScope(tx, a, siteId);
        const indicator = await q.findSiteIndicator(tx, indicatorId);
        if (!indicator) throw notFound();
        const text = raw === null ? '' : String(raw).trim();
        const value = text === '' ? null : String(Number(text));
        const before = (await q.siteIndicators(tx, site.organisationId, siteId)).find(
          (i) => i.indicatorId === indicatorId,
        );
        await q.setIndicatorValue(tx, site.organisationId, siteId, indicatorId, value);
        await audit(tx, a, {
          organisationId: site.organisationId,
          action: 'update',
          asset: { type: 'site', id: siteId, name: site.name },
          changes: diff(
            { [indicator.description]: before?.value ?? null },
            { [indicator.description]: value === null ? null : Number(value) },
          ),
        });
      });
      return readSite(a, siteId);
    },

    async membership(a: Caller, groupId: number, siteId: number, join: boolean) {
      await db.transaction(async (tx) => {
        const { site } = await siteScope(tx, a, siteId);
        const group = await groups.findGroup(tx, site.organisationId, groupId);
        if (!group) throw notFound();
        if (group.memberType !== 'site') throw badRequest(MSG.siteGroupNotSiteGroup);
        if (join) await groups.addMember(tx, site.organisationId, groupId, siteId);
        else await groups.removeMember(tx, site.organisationId, groupId, siteId);
        await audit(tx, a, {
          organisationId: site.organisationId,
          action: join ? 'join group' : 'leave group',
          asset: { type: 'site', id: siteId, name: site.name },
          changes: {
            group: join ? { before: null, after: group.name } : { before: group.name, after: null },
          },
        });
      });
      return readSite(a, siteId);
    },

    async graph(
      a: Caller,
      siteId: number,
      measure: 'cons' | 'cost' | 'co2e',
      year: number,
      yearEnd: number,
    ): Promise<AssetGraphData> {
      const { site } = await siteScope(db, a, siteId);
      const graph = comparisonMonths(year, yearEnd);
      const visible = await visibleMetersOf(db, a, site.organisationId);
      const [rows, editions] = await Promise.all([
        q.siteMonthlyFigures(db, site.organisationId, [siteId], graph.from, graph.till, visible),
        measure === 'co2e'
          ? q.siteEditions(db, site.organisationId, [siteId], graph.from, graph.till, visible)
          : [],
      ]);
      const byMonth = new Map(rows.map((r) => [r.month, r[measure]]));
      const { today } = orgOf(a);
      const value = (m: string) =>
        lived(m, today, () => round(byMonth.get(m) ?? 0, measure === 'cost' ? 2 : 3));
      return {
        months: graph.months.map((m) => m.slice(0, 7)),
        currentMonth: today.slice(0, 7),
        data: [graph.months.map(value), graph.previous.map(value)],
        seriesLabels: graph.seriesLabels,
        unit: GRAPH_UNITS[measure],
        year,
        yearEnd,
        editions,
      };
    },

    async meters(a: Caller, siteId: number) {
      const { site } = await siteScope(db, a, siteId);
      const all = await q.siteMeters(db, site.organisationId, siteId);
      // A meter the caller is barred from stays hidden, even on a site they may see.
      const rows = await allowedOf(db, a.principal, 'view', site.organisationId, all, (r) => ({
        type: 'meter',
        id: r.id,
      }));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        meterNumber: r.meter_number,
        energy: r.energy,
        level: r.level,
        closed: r.closed,
      }));
    },

    async entities(a: Caller, siteId: number) {
      const { site } = await siteScope(db, a, siteId);
      const all = await q.siteEntities(db, site.organisationId, siteId);
      return allowedOf(db, a.principal, 'view', site.organisationId, all, (r) => ({
        type: 'entity',
        id: r.id,
      }));
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
