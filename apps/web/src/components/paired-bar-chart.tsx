import { Box, Center, ColorSwatch, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import {
  nearestSlot,
  type PairedCategory,
  type PairedSeries,
  pairedBarsLayout,
  slotForKey,
} from './paired-bars';
import { PairedBarsSvg } from './paired-bars-svg';

interface PairedBarChartProps {
  /** Height of the whole chart, legend included, in pixels. */
  height: number;
  /** What the chart shows, for people who cannot see it. */
  label: string;
  categories: PairedCategory[];
  series: [PairedSeries, PairedSeries];
  /** Writes a tick of the value axis. */
  format: (value: number) => string;
  /** What the tooltip of a category says. */
  tooltip: (index: number) => ReactNode;
  /** The mark drawn over a marked category's first bar, and its colour. */
  mark?: { text: string; colour: string };
  /** When set, there is nothing to draw: this text stands in the chart's place instead of an empty grid. */
  empty?: string | null;
  /** Shown to assistive technology instead of the drawing, e.g. a visually hidden table of the figures. */
  children?: ReactNode;
}

const LEGEND_HEIGHT = 28;
/** Below this width (in pixels) the tooltip is centred, as there is no room beside a month for it. */
const NARROW = 480;

/**
 * Two series of bars side by side per category (a year's months against the year before), drawn as SVG with
 * d3-scale's geometry: a legend, a value axis with round ticks, a tooltip per category on hover and from the
 * keyboard (Tab to the chart, then the arrow keys, Home and End), and a text alternative for screen readers.
 */
export function PairedBarChart({
  height,
  label,
  categories,
  series,
  format,
  tooltip,
  mark,
  empty,
  children,
}: PairedBarChartProps) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const hatchId = `hatch-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const plotHeight = height - LEGEND_HEIGHT;
  const marked = mark !== undefined;
  const layout = useMemo(
    () =>
      width > 0
        ? pairedBarsLayout({
            width,
            height: plotHeight,
            values: [series[0].values, series[1].values],
            labelLength: Math.max(0, ...categories.map((c) => c.label.length)),
            format,
            topRoom: marked ? 20 : 10,
          })
        : null,
    [width, plotHeight, series, categories, format, marked],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const next = slotForKey(event.key, active, categories.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  if (empty) {
    return (
      <Center h={height} role="status">
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
        {children}
      </Center>
    );
  }

  const slot = layout && active !== null ? layout.slots[active] : undefined;
  return (
    <Box pos="relative" data-chart="paired-bars">
      <Group justify="center" gap="md" h={LEGEND_HEIGHT} align="center" wrap="nowrap" aria-hidden>
        {series.map((s) => (
          <Group key={s.name} gap={6} wrap="nowrap" miw={0}>
            <ColorSwatch color={s.colour} size={12} radius={2} withShadow={false} />
            <Text fz="xs" truncate>
              {s.name}
            </Text>
          </Group>
        ))}
      </Group>
      {/* The plot takes focus so the arrow keys walk its months; the pointer picks the nearest month. */}
      <Box
        ref={ref}
        h={plotHeight}
        pos="relative"
        tabIndex={0}
        className="mantine-focus-auto"
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => a ?? 0)}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
        onMouseMove={(event) => {
          if (!layout) return;
          // Inside the plot, the month whose band is nearest the pointer: the tooltip covers both bars.
          const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
          const inside = x >= layout.left && x <= layout.right;
          setActive(inside ? nearestSlot(layout.slots, x) : null);
        }}
      >
        {layout && (
          <PairedBarsSvg
            layout={layout}
            width={width}
            height={plotHeight}
            label={label}
            categories={categories}
            series={series}
            mark={mark}
            slot={slot}
            hatchId={hatchId}
          />
        )}
        {layout && slot && active !== null && (
          <Paper
            shadow="md"
            withBorder
            radius="sm"
            px="sm"
            py={6}
            pos="absolute"
            top={layout.top}
            aria-hidden
            data-testid="chart-tooltip"
            style={{
              pointerEvents: 'none',
              zIndex: 2,
              whiteSpace: 'nowrap',
              // Beside the month's band where there is room; across the middle of a narrow chart.
              ...(width < NARROW
                ? { left: '50%', transform: 'translateX(-50%)' }
                : slot.centre > width / 2
                  ? { right: width - slot.x + 6 }
                  : { left: slot.x + slot.width + 6 }),
            }}
          >
            {tooltip(active)}
          </Paper>
        )}
      </Box>
      {children}
    </Box>
  );
}
