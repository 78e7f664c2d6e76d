import { Box, Center, ColorSwatch, Group, Paper, Text, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { pairedBarsLayout } from './paired-bars';

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

/** The index of the slot whose centre is nearest x. */
function nearestSlot(slots: { centre: number }[], x: number): number {
  let best = 0;
  slots.forEach((slot, i) => {
    if (Math.abs(slot.centre - x) < Math.abs((slots[best]?.centre ?? 0) - x)) best = i;
  });
  return best;
}

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
  const theme = useMantineTheme();
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
  const axisColour = theme.colors.gray[7];
  const count = categories.length;

  const onKeyDown = (event: KeyboardEvent) => {
    const current = active ?? 0;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(count - 1, current + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(0, current - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : event.key === 'Escape'
                ? null
                : undefined;
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
          <svg
            width={width}
            height={plotHeight}
            role="img"
            aria-label={label}
            style={{ display: 'block', overflow: 'visible' }}
          >
            <defs>
              <pattern
                id={hatchId}
                width={5}
                height={5}
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(-45)"
              >
                <rect width={2} height={5} fill="rgba(255, 255, 255, 0.55)" />
              </pattern>
            </defs>
            {layout.ticks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={layout.left}
                  x2={layout.right}
                  y1={tick.y}
                  y2={tick.y}
                  stroke={theme.colors.gray[3]}
                  strokeWidth={1}
                />
                <text
                  x={layout.left - 8}
                  y={tick.y}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize={12}
                  fill={axisColour}
                >
                  {tick.text}
                </text>
              </g>
            ))}
            {slot && (
              <rect
                x={slot.x}
                y={layout.top}
                width={slot.width}
                height={layout.bottom - layout.top}
                fill={theme.colors.gray[2]}
                opacity={0.6}
              />
            )}
            {layout.slots.map((s, i) => {
              const category = categories[i];
              const marked = category?.marked ?? false;
              return (
                <g key={category?.label ?? i}>
                  {s.bars.map((bar, j) =>
                    bar ? (
                      <g key={series[j]?.name ?? j}>
                        <rect
                          x={bar.x}
                          y={bar.y}
                          width={bar.width}
                          height={bar.height}
                          fill={series[j]?.colour}
                          data-series={j}
                        />
                        {j === 0 && marked && (
                          <rect
                            x={bar.x}
                            y={bar.y}
                            width={bar.width}
                            height={bar.height}
                            fill={`url(#${hatchId})`}
                          />
                        )}
                      </g>
                    ) : null,
                  )}
                  {marked && mark && s.bars[0] && (
                    <text
                      x={s.bars[0].x + s.bars[0].width / 2}
                      y={Math.min(s.bars[0].y, layout.zeroY) - 4}
                      textAnchor="middle"
                      fontSize={14}
                      fontWeight={700}
                      fill={mark.colour}
                    >
                      {mark.text}
                    </text>
                  )}
                  <line
                    x1={s.centre}
                    x2={s.centre}
                    y1={layout.bottom}
                    y2={layout.bottom + 4}
                    stroke={axisColour}
                    strokeWidth={1}
                  />
                  <text
                    x={s.centre}
                    y={layout.bottom + 16}
                    fontSize={12}
                    fill={marked && mark ? mark.colour : axisColour}
                    textAnchor={layout.turnLabels ? 'end' : 'middle'}
                    transform={
                      layout.turnLabels ? `rotate(-40 ${s.centre} ${layout.bottom + 10})` : undefined
                    }
                  >
                    {category?.label}
                  </text>
                </g>
              );
            })}
            <line
              x1={layout.left}
              x2={layout.right}
              y1={layout.zeroY}
              y2={layout.zeroY}
              stroke={axisColour}
              strokeWidth={1}
            />
          </svg>
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
