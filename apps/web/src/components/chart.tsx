import { Box, type BoxProps, Center, Skeleton, Text } from '@mantine/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

/*
 * Apache ECharts from `echarts/core`, drawn on a canvas. This module registers only the renderer; each screen
 * registers the charts and components it draws (`registerChartParts` at the top of its module), so a route
 * loads the chart code it uses and no more (docs/decisions/performance.md, ECharts per route).
 */
use([CanvasRenderer]);

/** Registers ECharts charts and components (BarChart, GridComponent, ...); registering twice is harmless. */
export const registerChartParts: typeof use = use;

/** The options the app's charts use; a screen that draws another kind adds it here and registers it. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | PieSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

/** What a screen may ask of a drawn chart: its picture, for a download. */
export interface ChartHandle {
  /** The chart as a PNG data URL at twice the screen's resolution, on white. */
  toPng(): string | null;
  /** The ECharts instance, for events (a click on a slice). */
  instance(): ECharts | null;
}

interface ChartProps extends Omit<BoxProps, 'h'> {
  option: ChartOption;
  /** Height in pixels (or any CSS length); the width follows the container. */
  height: number | string;
  /** What the chart shows, for people who cannot see it. */
  label: string;
  loading?: boolean;
  /** Drawn over the chart, e.g. the figure in the middle of a donut. */
  overlay?: ReactNode;
  /** Shown to assistive technology instead of the canvas, e.g. a visually hidden table of the figures. */
  children?: ReactNode;
  /** When set, the chart has nothing to draw: this text stands in its place instead of an empty grid. */
  empty?: string | null;
  /** Filled with a handle on the drawn chart (for downloads and events). */
  handle?: RefObject<ChartHandle | null>;
}

/**
 * An Apache ECharts chart drawn on a canvas: it follows its container's size, shows a skeleton while its
 * figures load, and frees the chart instance when it leaves the page.
 */
export function Chart({
  option,
  height,
  label,
  loading = false,
  overlay,
  children,
  empty,
  handle,
  ...box
}: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, null, { renderer: 'canvas' });
    chart.current = instance;
    if (handle)
      handle.current = {
        toPng: () => instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
        instance: () => instance,
      };
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      if (handle) handle.current = null;
    };
  }, [handle]);

  useEffect(() => {
    // A new option replaces the old one whole, so series that went away do not linger.
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <Box pos="relative" data-chart="echarts" {...box}>
      <Box
        ref={element}
        h={height}
        role="img"
        aria-label={label}
        aria-busy={loading}
        style={{ visibility: empty && !loading ? 'hidden' : undefined }}
      />
      {empty && !loading && (
        <Center pos="absolute" inset={0} role="status">
          <Text c="dimmed" fz="sm">
            {empty}
          </Text>
        </Center>
      )}
      {loading && <Skeleton pos="absolute" inset={0} h={height} aria-hidden />}
      {!loading && overlay}
      {children}
    </Box>
  );
}
