import { Group } from '@mantine/core';
import type { Report } from '@verdant/contracts/reports';
import { DateField, MonthField } from '../../../components/date-fields';

/** The period a report's type asks for: a month, a last month, a range of months or of days, or none. */
export interface PeriodValue {
  start: string | null;
  end: string | null;
}

export function PeriodFields({
  type,
  value,
  onChange,
}: {
  type: Report['type'];
  value: PeriodValue;
  onChange: (v: PeriodValue) => void;
}) {
  switch (type) {
    case 'NoLength':
      return null;
    case 'Monthly':
    case 'Quarterly':
    case 'Yearly':
      return (
        <MonthField
          label={
            type === 'Monthly'
              ? 'Month'
              : type === 'Quarterly'
                ? 'A month of the quarter'
                : 'A month of the year'
          }
          required
          value={value.start}
          onChange={(start) => onChange({ start, end: null })}
        />
      );
    case 'FixedLength':
      return (
        <MonthField
          label="Last month"
          required
          value={value.end}
          onChange={(end) => onChange({ start: null, end })}
        />
      );
    case 'VariableMonth':
      return (
        <Group grow align="flex-start">
          <MonthField
            label="From"
            required
            value={value.start}
            onChange={(start) => onChange({ ...value, start })}
          />
          <MonthField label="To" required value={value.end} onChange={(end) => onChange({ ...value, end })} />
        </Group>
      );
    case 'VariableLength':
      return (
        <Group grow align="flex-start">
          <DateField
            label="From"
            required
            value={value.start}
            onChange={(start) => onChange({ ...value, start })}
          />
          <DateField label="To" required value={value.end} onChange={(end) => onChange({ ...value, end })} />
        </Group>
      );
  }
}
