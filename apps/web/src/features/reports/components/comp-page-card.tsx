import { Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { CompPage, CompPageClass, CompParameter } from '@verdant/domain/reports/comp-report';
import { RowAction, RowActions } from '../../../components/row-actions';

/** One parameter of a page: a choice or a whole number, blank until chosen. */
export function ParameterField({
  parameter,
  value,
  onChange,
  label,
}: {
  parameter: CompParameter;
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  if (parameter.className === 'select')
    return (
      <Select
        label={label}
        description={parameter.hint}
        data={parameter.options ?? []}
        value={value === '' ? null : value}
        onChange={(v) => onChange(v ?? '')}
        placeholder="Choose"
        allowDeselect={false}
        w={{ base: '100%', sm: 260 }}
      />
    );
  return (
    <NumberInput
      label={label}
      description={parameter.hint}
      value={value === '' ? '' : Number(value)}
      onChange={(v) => onChange(v === '' ? '' : String(v))}
      min={parameter.min}
      max={parameter.max}
      allowDecimal={false}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

/** A page of the report being edited: its parameters, and moving or removing it. */
export function CompPageCard({
  index,
  count,
  page,
  pageClass,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  page: CompPage;
  pageClass: CompPageClass | undefined;
  onChange: (page: CompPage) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = pageClass?.name ?? page.pageClass;
  return (
    <Paper withBorder p="sm" component="li" aria-label={`Page ${index + 1}: ${name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {index + 1}. {name}
          </Text>
          <Text c="dimmed" fz="sm">
            {pageClass?.description}
          </Text>
        </Stack>
        <RowActions>
          <RowAction
            tip="Move up"
            label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            icon={IconArrowUp}
          />
          <RowAction
            tip="Move down"
            label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            icon={IconArrowDown}
          />
          <RowAction tip="Remove" label={`Remove ${name}`} onClick={onRemove} icon={IconTrash} danger />
        </RowActions>
      </Group>
      {pageClass && pageClass.parameters.length > 0 && (
        <Group mt="xs" gap="sm" align="flex-start">
          {pageClass.parameters.map((p) => (
            <ParameterField
              key={p.name}
              parameter={p}
              label={`${p.label} (page ${index + 1})`}
              value={page.parameters[p.name] ?? ''}
              onChange={(v) => onChange({ ...page, parameters: { ...page.parameters, [p.name]: v } })}
            />
          ))}
        </Group>
      )}
    </Paper>
  );
}
