import type { PieData } from '@verdant/contracts/graphs';
import { shareLabel } from '@verdant/domain/graphs/pie';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import type { ChartOption } from '../../components/chart';
import { chartTitle, PALETTE } from './graph-option';

export type PieSlice = PieData['slices'][number];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A slice's name with its completeness: '⚠' for incomplete or estimated figures. */
export const sliceLabel = (s: Pick<PieSlice, 'name' | 'incomplete' | 'estimated'>) =>
  s.incomplete || s.estimated ? `${s.name} ⚠` : s.name;

/**
 * The Breakdown pie: each slice with its share, incomplete or estimated slices marked and faded; the legend
 * below on a narrow screen, beside the pie otherwise.
 */
export function pieOption(
  slices: readonly PieSlice[],
  { unit, total, title, narrow }: { unit: string; total: number; title: string; narrow: boolean },
): ChartOption {
  return {
    animation: false,
    color: PALETTE,
    ...(title ? { title: chartTitle(title, narrow) } : {}),
    legend: narrow
      ? { bottom: 0, left: 'center', type: 'scroll' }
      : { right: 0, top: 'middle', orient: 'vertical', type: 'scroll' },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const { name, value, dataIndex } = p as { name: string; value: number; dataIndex: number };
        const s = slices[dataIndex];
        const notes = [s?.incomplete ? 'incomplete' : '', s?.estimated ? 'estimated' : ''].filter(Boolean);
        return `${escapeHtml(name)}: <b>${escapeHtml(formatQuantity(value, unit))}</b> (${shareLabel(value, total)})${notes.length ? `<br/>${notes.join(', ')}` : ''}`;
      },
    },
    series: [
      {
        type: 'pie',
        radius: narrow ? ['0%', '58%'] : ['0%', '70%'],
        center: narrow ? ['50%', '42%'] : ['38%', '52%'],
        avoidLabelOverlap: true,
        // Labels stay dark whatever their slice, so a faded (incomplete) slice's share is still readable; on a
        // narrow screen the table below gives the shares, which would not fit beside the pie.
        label: {
          show: !narrow,
          color: '#343a40',
          formatter: (p: { percent?: number }) => `${(p.percent ?? 0).toFixed(1)}%`,
        },
        data: slices.map((s) => ({
          name: sliceLabel(s),
          value: s.value,
          itemStyle: s.incomplete ? { opacity: 0.55 } : {},
        })),
      },
    ],
  };
}
