import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { FAVOURITE_NAME_MAX } from '@verdant/domain/constants';
import type { RelativePeriod } from '@verdant/domain/reports/report-types';

/**
 * Setting the report up as a favourite (data-portal.md 4, Report actions): a name, and whether it keeps the
 * dates chosen or slides with the day it runs ('Last full month', 'Financial year to date', ...).
 */
export interface FavouriteValue {
  name: string;
  relative: RelativePeriod | null;
}

export function FavouriteFields({
  value,
  onChange,
  relativePeriods,
  onSave,
  saving,
}: {
  value: FavouriteValue;
  onChange: (v: FavouriteValue) => void;
  relativePeriods: { value: RelativePeriod; label: string }[];
  onSave: () => void;
  saving: boolean;
}) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text fz="sm" fw={600} mb={4}>
        Favourite
      </Text>
      <Group grow preventGrowOverflow={false} align="flex-end" wrap="wrap">
        <TextInput
          label="Favourite name"
          value={value.name}
          maxLength={FAVOURITE_NAME_MAX}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
          miw={180}
        />
        <Select
          label="Period when run later"
          data={[{ value: 'fixed', label: 'The dates chosen' }, ...relativePeriods]}
          value={value.relative ?? 'fixed'}
          onChange={(v) =>
            onChange({ ...value, relative: !v || v === 'fixed' ? null : (v as RelativePeriod) })
          }
          allowDeselect={false}
          miw={180}
        />
      </Group>
      <Group justify="flex-end" mt="xs">
        <Button
          variant="light"
          leftSection={<IconStar size={16} />}
          onClick={onSave}
          loading={saving}
          disabled={value.name.trim() === ''}
        >
          Set as favourite
        </Button>
      </Group>
    </Paper>
  );
}
