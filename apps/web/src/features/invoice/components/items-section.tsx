import { ActionIcon, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { InvoiceItem } from '@verdant/contracts/invoice-edit';
import { allowedRange, type InvoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { CHARGE_TYPES } from '@verdant/domain/invoices/charge-types';
import { formatMoney } from '@verdant/domain/invoices/money';
import { fill, MSG } from '@verdant/domain/messages';
import { ScrollTable } from '../../../components/scroll-table';
import type { Draft, Section } from '../invoice-form';
import { MoneyText, NumberText } from './fields';

const TITLES: Record<Section, string> = {
  charge: 'Charges',
  sundry: 'Sundry (non-discounted) items',
  discount: 'Discounts',
};

interface Props {
  draft: Draft;
  section: Section;
  totals: InvoiceTotals;
  canEdit: boolean;
  tab: () => number;
  onItem: (index: number, change: Partial<InvoiceItem>) => void;
  onAdd: (groupName: string | null) => void;
  onRemove: (index: number) => void;
  onRenameGroup?: (from: string, to: string) => void;
  onAddGroup?: () => void;
}

/** One section of the invoice's lines, like a bill's: description, rate, units, factor, repeat and total. */
export function ItemsSection({
  draft,
  section,
  totals,
  canEdit,
  tab,
  onItem,
  onAdd,
  onRemove,
  onRenameGroup,
  onAddGroup,
}: Props) {
  const rows = draft.items.flatMap((it, index) => (it.category === section ? [{ it, index }] : []));
  const types = CHARGE_TYPES.filter((t) => t.category === section);
  const title = TITLES[section];
  const sectionTotal =
    section === 'charge'
      ? totals.chargesCents
      : section === 'sundry'
        ? totals.sundriesCents
        : totals.discountsCents;
  // Charges come in TOU groups (named, unique); ungrouped charges first.
  const groups: (string | null)[] = section === 'charge' ? [null, ...draft.chargeGroups] : [null];

  const line = ({ it, index }: { it: InvoiceItem; index: number }) => {
    const result = totals.items[index];
    const calc = result?.calculatedCents ?? null;
    const range = calc === null ? null : allowedRange(calc);
    const outside = result?.arithmeticError ?? false;
    const n = index + 1;
    return [
      <Table.Tr key={index}>
        <Table.Td>
          <TextInput
            aria-label={`Item ${n} description`}
            value={it.description ?? ''}
            maxLength={75}
            readOnly={!canEdit}
            tabIndex={tab()}
            onChange={(e) => onItem(index, { description: e.currentTarget.value || null })}
          />
        </Table.Td>
        <Table.Td>
          <NativeSelect
            aria-label={`Item ${n} type`}
            value={String(it.chargeTypeId)}
            disabled={!canEdit}
            tabIndex={tab()}
            data={types.map((t) => ({ value: String(t.id), label: t.name }))}
            onChange={(e) => onItem(index, { chargeTypeId: Number(e.currentTarget.value) })}
          />
        </Table.Td>
        <Table.Td>
          <NumberText
            aria-label={`Item ${n} rate`}
            value={it.rate}
            readOnly={!canEdit}
            tabIndex={tab()}
            onValue={(v) => onItem(index, { rate: v })}
          />
        </Table.Td>
        <Table.Td>
          <NumberText
            aria-label={`Item ${n} units`}
            value={it.units}
            readOnly={!canEdit}
            tabIndex={tab()}
            onValue={(v) => onItem(index, { units: v })}
          />
        </Table.Td>
        <Table.Td>
          <NumberText
            aria-label={`Item ${n} factor`}
            placeholder="1"
            value={it.factor}
            readOnly={!canEdit}
            tabIndex={tab()}
            onValue={(v) => onItem(index, { factor: v })}
          />
        </Table.Td>
        <Table.Td>
          <NumberText
            aria-label={`Item ${n} repeat`}
            placeholder="1"
            value={it.repeat}
            readOnly={!canEdit}
            tabIndex={tab()}
            onValue={(v) => onItem(index, { repeat: v })}
          />
        </Table.Td>
        <Table.Td>
          <MoneyText
            aria-label={`Item ${n} total`}
            ta="right"
            styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
            value={it.total ?? (calc === null ? '' : (calc / 100).toFixed(2))}
            readOnly={!canEdit}
            tabIndex={tab()}
            onValue={(v) => onItem(index, { total: v === '' ? null : v })}
            error={outside || undefined}
            aria-describedby={outside ? `item-${n}-range` : undefined}
          />
        </Table.Td>
        {canEdit && (
          <Table.Td>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove item ${n}`}
              onClick={() => onRemove(index)}
            >
              ×
            </ActionIcon>
          </Table.Td>
        )}
      </Table.Tr>,
      outside && calc !== null && range ? (
        <Table.Tr key={`${index}-range`}>
          <Table.Td colSpan={8} pt={0}>
            <Text id={`item-${n}-range`} size="xs" c="red.9" ta="right">
              {fill(MSG.invoiceItemOutOfRange, { calculated: formatMoney(calc) })} (accepted, flagged as an
              arithmetic error)
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : null,
    ];
  };

  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Group
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '2px solid var(--mantine-color-dark-4)' }}
      >
        <Title order={3} fz="md" tt="uppercase" lts={1}>
          {title}
        </Title>
        <Text fw={600} ff="monospace" aria-label={`${title} total`}>
          {formatMoney(sectionTotal)}
        </Text>
      </Group>
      <ScrollTable label={`${title} items`} minWidth={680}>
        <Table verticalSpacing={4} horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th w={128}>Type</Table.Th>
              <Table.Th w={72}>Rate</Table.Th>
              <Table.Th w={84}>Units</Table.Th>
              <Table.Th w={56}>Factor</Table.Th>
              <Table.Th w={56}>Repeat</Table.Th>
              <Table.Th w={100} ta="right">
                Total
              </Table.Th>
              {canEdit && <Table.Th aria-label="Remove" />}
            </Table.Tr>
          </Table.Thead>
          {groups.map((g) => {
            const inGroup = rows.filter(
              (r) =>
                (r.it.groupName ?? null) === g ||
                (g === null && r.it.groupName !== null && !draft.chargeGroups.includes(r.it.groupName)),
            );
            if (g === null && inGroup.length === 0 && section === 'charge' && draft.chargeGroups.length > 0)
              return null;
            const groupTotal = inGroup.reduce((a, r) => a + (totals.items[r.index]?.totalCents ?? 0), 0);
            return (
              <Table.Tbody key={g ?? '-'}>
                {g !== null && (
                  <Table.Tr bg="var(--mantine-color-gray-0)">
                    <Table.Td colSpan={6}>
                      <TextInput
                        aria-label="TOU group name"
                        size="xs"
                        fw={600}
                        value={g}
                        readOnly={!canEdit}
                        tabIndex={tab()}
                        onChange={(e) => onRenameGroup?.(g, e.currentTarget.value)}
                      />
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" fz="sm">
                      {formatMoney(groupTotal)}
                    </Table.Td>
                    {canEdit && <Table.Td />}
                  </Table.Tr>
                )}
                {inGroup.map(line)}
                {canEdit && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Button size="compact-xs" variant="subtle" onClick={() => onAdd(g)}>
                        {section === 'charge'
                          ? `Add charge${g ? ` to ${g}` : ''}`
                          : section === 'sundry'
                            ? 'Add sundry item'
                            : 'Add discount'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            );
          })}
        </Table>
      </ScrollTable>
      {canEdit && section === 'charge' && onAddGroup && (
        <Group>
          <Button size="compact-xs" variant="light" onClick={onAddGroup}>
            Add TOU group
          </Button>
        </Group>
      )}
    </Stack>
  );
}
