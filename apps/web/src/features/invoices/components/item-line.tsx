import {
  ActionIcon,
  Box,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { InvoiceItem } from '@verdant/contracts/invoices/entry';
import { allowedRange, type InvoiceTotals } from '@verdant/domain/invoices/arithmetic';
import type { ChargeType } from '@verdant/domain/invoices/charge-types';
import { formatMoney } from '@verdant/domain/invoices/money';
import { fill, MSG } from '@verdant/domain/messages';
import type { ReactNode } from 'react';
import { MoneyText, NumberText } from './fields';

type Parts = Record<'description' | 'type' | 'rate' | 'units' | 'factor' | 'repeat' | 'total', ReactNode> & {
  remove: ReactNode;
  range: ReactNode;
};

/** What the fields of a section's lines share: the figures, the rights, the tab counter and the calls. */
export interface LineContext {
  totals: InvoiceTotals;
  canEdit: boolean;
  tab: () => number;
  /** A field's visible label on a phone's card (undefined in the table, whose head names the columns). */
  label: (text: string) => string | undefined;
  types: readonly ChargeType[];
  onItem: (index: number, change: Partial<InvoiceItem>) => void;
  onRemove: (index: number) => void;
}

/** The fields of a line, made in the bill's tab order (the counter runs as they are made). */
export function lineParts(
  { totals, canEdit, tab, label, types, onItem, onRemove }: LineContext,
  it: InvoiceItem,
  index: number,
): Parts {
  const result = totals.items[index];
  const calc = result?.calculatedCents ?? null;
  const range = calc === null ? null : allowedRange(calc);
  const outside = result?.arithmeticError ?? false;
  const n = index + 1;
  const figure = (key: 'rate' | 'units' | 'factor' | 'repeat', text: string, placeholder?: string) => (
    <NumberText
      label={label(text)}
      aria-label={`Item ${n} ${key}`}
      placeholder={placeholder}
      value={it[key]}
      readOnly={!canEdit}
      tabIndex={tab()}
      onValue={(v) => onItem(index, { [key]: v })}
    />
  );
  return {
    description: (
      <TextInput
        label={label('Description')}
        aria-label={`Item ${n} description`}
        value={it.description ?? ''}
        maxLength={75}
        readOnly={!canEdit}
        tabIndex={tab()}
        onChange={(e) => onItem(index, { description: e.currentTarget.value || null })}
      />
    ),
    type: (
      <NativeSelect
        label={label('Type')}
        aria-label={`Item ${n} type`}
        value={String(it.chargeTypeId)}
        disabled={!canEdit}
        tabIndex={tab()}
        data={types.map((t) => ({ value: String(t.id), label: t.name }))}
        onChange={(e) => onItem(index, { chargeTypeId: Number(e.currentTarget.value) })}
      />
    ),
    rate: figure('rate', 'Rate'),
    units: figure('units', 'Units'),
    factor: figure('factor', 'Factor', '1'),
    repeat: figure('repeat', 'Repeat', '1'),
    total: (
      <MoneyText
        label={label('Total')}
        aria-label={`Item ${n} total`}
        styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
        value={it.total ?? (calc === null ? '' : (calc / 100).toFixed(2))}
        readOnly={!canEdit}
        tabIndex={tab()}
        onValue={(v) => onItem(index, { total: v === '' ? null : v })}
        error={outside || undefined}
        aria-describedby={outside ? `item-${n}-range` : undefined}
      />
    ),
    remove: canEdit ? (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove item ${n}`}
        onClick={() => onRemove(index)}
      >
        ×
      </ActionIcon>
    ) : null,
    range:
      outside && calc !== null && range ? (
        <Text id={`item-${n}-range`} size="xs" c="red.9" ta="right">
          {fill(MSG.invoiceItemOutOfRange, { calculated: formatMoney(calc) })} (accepted, flagged as an
          arithmetic error)
        </Text>
      ) : null,
  };
}

/** A line as a table row, and under it the out-of-range message when there is one. */
export function tableLine(p: Parts, index: number, canEdit: boolean) {
  return [
    <Table.Tr key={index}>
      <Table.Td>{p.description}</Table.Td>
      <Table.Td>{p.type}</Table.Td>
      <Table.Td>{p.rate}</Table.Td>
      <Table.Td>{p.units}</Table.Td>
      <Table.Td>{p.factor}</Table.Td>
      <Table.Td>{p.repeat}</Table.Td>
      <Table.Td>{p.total}</Table.Td>
      {canEdit && <Table.Td>{p.remove}</Table.Td>}
    </Table.Tr>,
    p.range ? (
      <Table.Tr key={`${index}-range`}>
        <Table.Td colSpan={8} pt={0}>
          {p.range}
        </Table.Td>
      </Table.Tr>
    ) : null,
  ];
}

/** A line as a card on a phone: every figure labelled, the total in reach. */
export function cardLine(p: Parts, index: number) {
  return (
    <Paper key={index} withBorder radius="sm" p="xs" role="group" aria-label={`Item ${index + 1}`}>
      <Stack gap={6}>
        {p.description}
        {p.type}
        {/* Two a row: a phone's quarter width clips a six-figure quantity. */}
        <SimpleGrid cols={2} spacing={6}>
          {p.rate}
          {p.units}
          {p.factor}
          {p.repeat}
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Box>{p.remove}</Box>
          <Box w={150}>{p.total}</Box>
        </Group>
        {p.range}
      </Stack>
    </Paper>
  );
}
