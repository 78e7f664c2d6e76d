import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PublicPortal } from '@verdant/contracts/portals/public';
import { formatDisplayDate } from '@verdant/domain/dates';

export type PublicQuantity = PublicPortal['quantities'][number];

const withUnit = (value: number, unit: string | null) =>
  `${value.toLocaleString('en-NZ')}${unit ? ` ${unit}` : ''}`;

/** One quantity on the public page: its last figure, the range expected, and this period's figure. */
export function PublicQuantityCard({
  quantity,
  value,
  onChange,
  editing,
  onEdit,
  warning,
  error,
}: {
  quantity: PublicQuantity;
  value: string;
  onChange: (value: string) => void;
  /** Whether the figure may be typed (no entry yet, or a correction started). */
  editing: boolean;
  onEdit: () => void;
  warning?: string;
  error?: string;
}) {
  const { entry, last, expected, unit } = quantity;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={quantity.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{quantity.name}</Text>
          {entry && (
            <Badge
              color={entry.status === 'sent back' ? 'orange' : entry.status === 'approved' ? 'teal' : 'blue'}
            >
              {entry.status}
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {last
            ? `Last figure: ${withUnit(last.value, unit)} to ${formatDisplayDate(last.date)}`
            : 'No earlier figure'}
        </Text>
        {expected && (
          <Text fz="sm" c="dimmed">
            {`Expected between ${withUnit(expected.low, unit)} and ${withUnit(expected.high, unit)}`}
          </Text>
        )}
        {entry?.comment && <Text fz="sm" c="orange.8">{`Sent back: ${entry.comment}`}</Text>}
        {entry && !editing ? (
          <Group justify="space-between">
            <Text>{`Entered: ${withUnit(entry.value, unit)}${entry.attachment ? ` (with ${entry.attachment})` : ''}`}</Text>
            {entry.mayCorrect && (
              <Button variant="default" size="xs" onClick={onEdit}>
                Correct
              </Button>
            )}
          </Group>
        ) : (
          <TextInput
            label={`This period's figure${unit ? ` (${unit})` : ''}`}
            inputMode="decimal"
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={error ?? warning}
            styles={warning && !error ? { error: { color: 'var(--mantine-color-orange-8)' } } : undefined}
          />
        )}
      </Stack>
    </Card>
  );
}
