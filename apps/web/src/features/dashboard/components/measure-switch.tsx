import { SegmentedControl } from '@mantine/core';
import { MEASURES, type Measure } from '@verdant/contracts/dashboard';
import { MEASURE_LABELS } from '../dashboard-figures';

const OPTIONS = MEASURES.map((value) => ({ value, label: MEASURE_LABELS[value] }));

/** Consumption, Cost or Emissions; each card refetches its figures for the chosen measure. */
export function MeasureSwitch({ value, onChange }: { value: Measure; onChange: (value: Measure) => void }) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Measure"
      data={OPTIONS}
      value={value}
      onChange={(next) => onChange(next as Measure)}
    />
  );
}
