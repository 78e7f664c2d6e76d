import type { EmissionsList, SiteFigureList } from '@verdant/contracts/organisations/overview';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';
import type { ChartOption } from '../../components/chart';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const grid = {
  left: 4,
  right: 16,
  top: 8,
  bottom: 4,
  outerBoundsMode: 'same',
  outerBoundsContain: 'axisLabel',
} as const;

/** Sites as horizontal bars, the highest at the top, one axis scale for every tick. */
export function rankingOption(list: SiteFigureList, colour: string): ChartOption {
  const sites = [...list.sites].reverse();
  const axis = axisScale(Math.max(0, ...sites.map((s) => Math.abs(s.value))), list.unit);
  return {
    color: [colour],
    grid,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const row = (Array.isArray(params) ? params : [params])[0];
        const site = sites[row?.dataIndex ?? 0];
        return site
          ? `${escapeHtml(site.siteName)}: <b>${escapeHtml(formatQuantity(site.value, list.unit))}</b>`
          : '';
      },
    },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => axis.format(v) } },
    yAxis: {
      type: 'category',
      data: sites.map((s) => s.siteName),
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: [{ type: 'bar', barMaxWidth: 18, data: sites.map((s) => s.value) }],
  };
}

/** The highest emitters: scope 1, 2 and 3 stacked per site, the highest at the top. */
export function emittersOption(list: EmissionsList, colours: [string, string, string]): ChartOption {
  const sites = [...list.sites].reverse();
  const axis = axisScale(Math.max(0, ...sites.map((s) => s.total)), list.unit);
  const scopes = ['scope1', 'scope2', 'scope3'] as const;
  return {
    color: colours,
    grid: { ...grid, top: 32 },
    legend: { top: 0, left: 'center', itemWidth: 14, itemHeight: 10 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const rows = Array.isArray(params) ? params : [params];
        const site = sites[rows[0]?.dataIndex ?? 0];
        if (!site) return '';
        const lines = scopes.map(
          (scope, i) => `Scope ${i + 1}: <b>${escapeHtml(formatQuantity(site[scope], list.unit))}</b>`,
        );
        return [`<b>${escapeHtml(site.siteName)}</b>`, ...lines].join('<br/>');
      },
    },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => axis.format(v) } },
    yAxis: {
      type: 'category',
      data: sites.map((s) => s.siteName),
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: scopes.map((scope, i) => ({
      type: 'bar' as const,
      name: `Scope ${i + 1}`,
      stack: 'scopes',
      barMaxWidth: 18,
      data: sites.map((s) => s[scope]),
    })),
  };
}
