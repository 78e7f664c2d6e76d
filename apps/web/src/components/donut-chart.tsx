import { Box, ColorSwatch, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { arc, pie } from 'd3-shape';
import { type ReactNode, useMemo, useState } from 'react';

export interface DonutSlice {
  name: string;
  value: number;
  colour: string;
}

interface DonutChartProps {
  /** Height in pixels; the width follows the container. */
  height: number;
  /** What the chart shows, for people who cannot see it. */
  label: string;
  slices: DonutSlice[];
  /** Writes a slice's value in its tooltip. */
  format: (value: number) => string;
  /** Drawn in the middle of the ring. */
  overlay?: ReactNode;
}

/** The ring's inner and outer radius, as parts of half the smaller side. */
const INNER = 0.55;
const OUTER = 0.75;

/**
 * A ring of slices drawn clockwise from twelve o'clock in the given order (d3-shape's pie and arc), with a
 * tooltip naming the slice under the pointer. Negative values draw nothing: a ring cannot show less than zero.
 */
export function DonutChart({ height, label, slices, format, overlay }: DonutChartProps) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<{ index: number; x: number; y: number } | null>(null);
  const radius = Math.min(width, height) / 2;
  const paths = useMemo(() => {
    const angles = pie<DonutSlice>()
      .sort(null)
      .value((s) => Math.max(0, s.value))(slices);
    const shape = arc<(typeof angles)[number]>()
      .innerRadius(radius * INNER)
      .outerRadius(radius * OUTER);
    return angles.map((a) => shape(a) ?? '');
  }, [slices, radius]);
  const hovered = active ? slices[active.index] : undefined;

  return (
    <Box ref={ref} pos="relative" h={height} data-chart="donut" onMouseLeave={() => setActive(null)}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={label}
          style={{ display: 'block' }}
          onMouseMove={(event) => {
            const slice = (event.target as Element).getAttribute('data-slice');
            const box = event.currentTarget.getBoundingClientRect();
            setActive(
              slice === null
                ? null
                : { index: Number(slice), x: event.clientX - box.left, y: event.clientY - box.top },
            );
          }}
        >
          <g transform={`translate(${width / 2} ${height / 2})`}>
            {paths.map((d, i) => (
              <path
                key={slices[i]?.name ?? i}
                d={d}
                fill={slices[i]?.colour}
                stroke="#fff"
                strokeWidth={1}
                data-slice={i}
              />
            ))}
          </g>
        </svg>
      )}
      {overlay}
      {active && hovered && (
        <Paper
          shadow="md"
          withBorder
          radius="sm"
          px="sm"
          py={6}
          pos="absolute"
          aria-hidden
          data-testid="chart-tooltip"
          style={{
            pointerEvents: 'none',
            zIndex: 2,
            whiteSpace: 'nowrap',
            // Centred across the ring, so it stays inside the card; above the pointer in the ring's lower half.
            left: '50%',
            transform: 'translateX(-50%)',
            ...(active.y > height / 2 ? { bottom: height - active.y + 12 } : { top: active.y + 12 }),
          }}
        >
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={hovered.colour} size={10} withShadow={false} />
            <Text fz="sm">{hovered.name}</Text>
            <Text fz="sm" fw={700} ml="sm">
              {format(hovered.value)}
            </Text>
          </Group>
        </Paper>
      )}
    </Box>
  );
}
