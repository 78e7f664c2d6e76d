import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MONTH_SHORT_NAMES } from '@verdant/domain/month-labels';

export interface MonthChoice {
  year: number;
  month: number;
}

/**
 * The availability picker (data-portal 2.5): a year, then its twelve months, those without data disabled.
 */
export function MonthPicker({
  availability,
  value,
  onChange,
}: {
  availability: { year: number; months: number[] }[];
  value: MonthChoice;
  onChange: (choice: MonthChoice) => void;
}) {
  const months = availability.find((y) => y.year === value.year)?.months ?? [];
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end">
        <Select
          label="Year"
          w={110}
          allowDeselect={false}
          data={availability.map((y) => String(y.year))}
          value={String(value.year)}
          onChange={(year) => {
            const list = availability.find((y) => String(y.year) === year)?.months ?? [];
            if (year)
              onChange({
                year: Number(year),
                month: list.includes(value.month) ? value.month : (list.at(-1) ?? 1),
              });
          }}
        />
        <Text fz="sm" c="dimmed" pb={6}>
          Months with half-hour data can be chosen.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 6, sm: 12 }} spacing={4} role="group" aria-label={`Months of ${value.year}`}>
        {MONTH_SHORT_NAMES.map((name, i) => {
          const month = i + 1;
          const selected = month === value.month;
          return (
            <Button
              key={name}
              size="compact-sm"
              variant={selected ? 'filled' : 'default'}
              disabled={!months.includes(month)}
              aria-pressed={selected}
              aria-label={`${name} ${value.year}`}
              onClick={() => onChange({ year: value.year, month })}
            >
              {name}
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
