import { Box, type BoxProps, Center, Skeleton, Text } from '@mantine/core';
import {
  BarChart,
  type BarSeriesOption,
  LineChart,
  type LineSeriesOption,
  PieChart,
  type PieSeriesOption,
  ScatterChart,
  type ScatterSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ReactNode, useEffect, useRef } from 'react';

// Only what the charts use is registered, so the chart code stays a small part of the screens that load it.
use([
  BarChart,
  PieChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | PieSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

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
  ...box
}: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

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
