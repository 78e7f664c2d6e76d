import { useMantineTheme } from '@mantine/core';
import type { PairedBarsLayout, PairedCategory, PairedSeries } from './paired-bars';

/**
 * The paired bar chart's drawing: the value axis with its grid, the active category's band, the two bars of
 * each category (a marked one's first bar hatched, its mark above), the category labels and the zero line.
 */
export function PairedBarsSvg({
  layout,
  width,
  height: plotHeight,
  label,
  categories,
  series,
  mark,
  slot,
  hatchId,
}: {
  layout: PairedBarsLayout;
  width: number;
  height: number;
  label: string;
  categories: PairedCategory[];
  series: [PairedSeries, PairedSeries];
  mark?: { text: string; colour: string };
  /** The active category's slot, drawn behind its bars. */
  slot: PairedBarsLayout['slots'][number] | undefined;
  hatchId: string;
}) {
  const theme = useMantineTheme();
  const axisColour = theme.colors.gray[7];
  return (
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
          <text x={layout.left - 8} y={tick.y} dy="0.32em" textAnchor="end" fontSize={12} fill={axisColour}>
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
              transform={layout.turnLabels ? `rotate(-40 ${s.centre} ${layout.bottom + 10})` : undefined}
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
  );
}
