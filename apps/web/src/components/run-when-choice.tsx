import { SegmentedControl } from '@mantine/core';

/** The spec's job types: 1 Immediate, 2 Overnight (docs/decisions/job-runner.md, Overnight jobs). */
export type JobType = 1 | 2;

/** When a confirmed Emission Factor Update runs: at once, or in the night window on the organisation's clock. */
export function RunWhenChoice({ value, onChange }: { value: JobType; onChange: (type: JobType) => void }) {
  return (
    <SegmentedControl
      aria-label="When it runs"
      value={String(value)}
      onChange={(v) => onChange(v === '2' ? 2 : 1)}
      data={[
        { value: '1', label: 'Immediate' },
        { value: '2', label: 'Overnight' },
      ]}
    />
  );
}

/** What the confirmation says of the job it started. */
export function runWhenText(type: JobType, immediate: string): string {
  return type === 2 ? 'The Emission Factor Update runs overnight; it waits, Pending, until then.' : immediate;
}
