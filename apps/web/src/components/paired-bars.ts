import { nice, ticks } from 'd3-array';
import { scaleBand } from 'd3-scale';

export interface PairedSeries {
  name: string;
  colour: string;
  /** One value per category; null draws no bar there. */
  values: (number | null)[];
}

export interface PairedCategory {
  label: string;
  /** Marked categories (incomplete months) have their label coloured, the first bar hatched and a mark above. */
  marked?: boolean;
}

/** Where one bar sits, in the chart's own pixels. */
export interface BarBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PairedBarsLayout {
  /** The plot area (inside the axes). */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The y of the value 0, where bars start. */
  zeroY: number;
  ticks: { value: number; y: number; text: string }[];
  /** One slot per category: its band, the centre of its label, and its two bars (null: no bar). */
  slots: { x: number; width: number; centre: number; bars: [BarBox | null, BarBox | null] }[];
  /** The category labels are turned when the slots are too narrow to write them level. */
  turnLabels: boolean;
}

export interface PairedBarsInput {
  width: number;
  height: number;
  /** Two series, one value per category; null leaves the slot without that bar (a month still to come). */
  values: [(number | null)[], (number | null)[]];
  /** The longest category label, in characters, to choose between level and turned labels. */
  labelLength: number;
  /** Writes an axis tick. */
  format: (value: number) => string;
  /** Room kept above the plot (for a mark over a bar). */
  topRoom?: number;
}

/** About the width of one character of the 12 px axis text. */
export const CHAR_WIDTH = 7;
const BAR_MAX_WIDTH = 18;
const TURNED_LABEL_ROOM = 40;

/**
 * The geometry of a chart of paired bars (this year's months beside the year before's): a value axis with
 * about five round ticks (from d3-scale), one band per category, and two bars per band at most 18 px wide.
 */
export function pairedBarsLayout({
  width,
  height,
  values,
  labelLength,
  format,
  topRoom = 20,
}: PairedBarsInput): PairedBarsLayout {
  const all = values.flat().filter((v): v is number => v !== null && Number.isFinite(v));
  const low = Math.min(0, ...all);
  const high = Math.max(0, ...all);
  // Round ends and about five round ticks between them (d3-array's, as d3-scale's linear scale uses).
  const [start, stop] = nice(low, high === low ? low + 1 : high, 5);
  const tickValues = ticks(start, stop, 5);
  const tickWidth = Math.max(...tickValues.map((t) => format(t).length)) * CHAR_WIDTH;

  const left = Math.ceil(tickWidth) + 10;
  const right = Math.max(left + 1, width - 8);
  const count = Math.max(values[0].length, values[1].length);
  const band = scaleBand<number>()
    .domain(Array.from({ length: count }, (_, i) => i))
    .range([left, right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const turnLabels = band.step() < labelLength * CHAR_WIDTH + 6;
  const top = topRoom;
  const bottom = Math.max(top + 1, height - (turnLabels ? TURNED_LABEL_ROOM : 22));
  const y = (value: number) => bottom - ((value - start) / (stop - start)) * (bottom - top);
  const zeroY = y(0);

  const barWidth = Math.max(1, Math.min(BAR_MAX_WIDTH, band.bandwidth() / 2.3));
  const gap = barWidth * 0.3;
  const slots = Array.from({ length: count }, (_, i) => {
    const x = band(i) ?? left;
    const centre = x + band.bandwidth() / 2;
    const start = centre - barWidth - gap / 2;
    const bar = (series: 0 | 1): BarBox | null => {
      const value = values[series][i];
      if (value === null || value === undefined || !Number.isFinite(value)) return null;
      const valueY = y(value);
      return {
        x: start + series * (barWidth + gap),
        y: Math.min(zeroY, valueY),
        width: barWidth,
        height: Math.abs(zeroY - valueY),
      };
    };
    return { x, width: band.bandwidth(), centre, bars: [bar(0), bar(1)] as [BarBox | null, BarBox | null] };
  });

  return {
    left,
    right,
    top,
    bottom,
    zeroY,
    ticks: tickValues.map((value) => ({ value, y: y(value), text: format(value) })),
    slots,
    turnLabels,
  };
}

/** The index of the slot whose centre is nearest x. */
export function nearestSlot(slots: { centre: number }[], x: number): number {
  let best = 0;
  slots.forEach((slot, i) => {
    if (Math.abs(slot.centre - x) < Math.abs((slots[best]?.centre ?? 0) - x)) best = i;
  });
  return best;
}

/**
 * The category the keyboard moves to from the active one (none active counts as the first): the arrow keys
 * step, Home and End jump, Escape leaves (null); undefined for a key the chart does not take.
 */
export function slotForKey(key: string, active: number | null, count: number): number | null | undefined {
  const current = active ?? 0;
  return key === 'ArrowRight' || key === 'ArrowDown'
    ? Math.min(count - 1, current + 1)
    : key === 'ArrowLeft' || key === 'ArrowUp'
      ? Math.max(0, current - 1)
      : key === 'Home'
        ? 0
        : key === 'End'
          ? count - 1
          : key === 'Escape'
            ? null
            : undefined;
}
