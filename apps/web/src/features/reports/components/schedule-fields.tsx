import { Button, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { type RelativePeriod, WEEKDAY_NAMES } from '@verdant/domain/reports/report-types';
import { DateField } from '../../../components/date-fields';

/**
 * When an emailed report goes (data-portal.md 4, Report actions: email monthly, weekly, once; 9: day 1-31, a
 * day over 28 meaning the last day, weekday Sunday to Saturday) with the period it covers and the completeness
 * hold (docs/decisions/reports.md, Completeness hold).
 */
export interface ScheduleValue {
  frequency: 'Monthly' | 'Weekly' | 'Once';
  day: number | string;
  weekday: string;
  onceOn: string | null;
  relative: RelativePeriod | null;
  holdPercent: number | string;
  holdDays: number | string;
  skipWhenEmpty: boolean;
}

export const initialSchedule = (relative: RelativePeriod | null): ScheduleValue => ({
  frequency: 'Monthly',
  day: 1,
  weekday: '1',
  onceOn: null,
  relative,
  holdPercent: 0,
  holdDays: 0,
  skipWhenEmpty: false,
});

/** What the schedule sends as `on`: the day, the weekday or the date. */
export function onOf(v: ScheduleValue): number | string {
  if (v.frequency === 'Monthly') return Number(v.day);
  if (v.frequency === 'Weekly') return Number(v.weekday);
  return v.onceOn ?? '';
}

export function ScheduleFields({
  value,
  onChange,
  relativePeriods,
  onSchedule,
  scheduling,
  disabled,
}: {
  value: ScheduleValue;
  onChange: (v: ScheduleValue) => void;
  relativePeriods: { value: RelativePeriod; label: string }[];
  onSchedule: () => void;
  scheduling: boolean;
  disabled: boolean;
}) {
  const set = (change: Partial<ScheduleValue>) => onChange({ ...value, ...change });
  return (
    <Stack gap="xs" mt="sm">
      <Text fz="sm" fw={600} id="schedule-label">
        Email on a schedule
      </Text>
      <SegmentedControl
        aria-labelledby="schedule-label"
        data={['Monthly', 'Weekly', 'Once']}
        value={value.frequency}
        onChange={(v) => set({ frequency: v as ScheduleValue['frequency'] })}
      />
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        {value.frequency === 'Monthly' && (
          <NumberInput
            label="Send on day"
            description="Over 28 means the last day"
            min={1}
            max={31}
            allowDecimal={false}
            value={value.day}
            onChange={(day) => set({ day })}
            miw={160}
          />
        )}
        {value.frequency === 'Weekly' && (
          <Select
            label="Send on weekday"
            data={WEEKDAY_NAMES.map((name, i) => ({ value: String(i), label: name }))}
            value={value.weekday}
            onChange={(v) => v !== null && set({ weekday: v })}
            allowDeselect={false}
            miw={160}
          />
        )}
        {value.frequency === 'Once' && (
          <DateField label="On" value={value.onceOn} onChange={(onceOn) => set({ onceOn })} />
        )}
        <Select
          label="Period it covers"
          data={[{ value: 'fixed', label: 'The dates chosen' }, ...relativePeriods]}
          value={value.relative ?? 'fixed'}
          onChange={(v) => set({ relative: !v || v === 'fixed' ? null : (v as RelativePeriod) })}
          allowDeselect={false}
          miw={180}
        />
      </Group>
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        <NumberInput
          label="Wait until complete (%)"
          description="0 sends whatever there is"
          min={0}
          max={100}
          allowDecimal={false}
          value={value.holdPercent}
          onChange={(holdPercent) => set({ holdPercent })}
          miw={160}
        />
        <NumberInput
          label="Wait at most (days)"
          description="Then it goes, saying how complete it is"
          min={0}
          max={60}
          allowDecimal={false}
          value={value.holdDays}
          onChange={(holdDays) => set({ holdDays })}
          miw={160}
        />
      </Group>
      <Checkbox
        label="Do not send when there is no data"
        checked={value.skipWhenEmpty}
        onChange={(e) => set({ skipWhenEmpty: e.currentTarget.checked })}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconCalendarTime size={16} />}
          onClick={onSchedule}
          loading={scheduling}
          disabled={disabled}
        >
          Schedule email
        </Button>
      </Group>
    </Stack>
  );
}
