import { Box, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { InvoiceItem } from '@verdant/contracts/invoices/entry';
import type { InvoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { CHARGE_TYPES } from '@verdant/domain/invoices/charge-types';
import { formatMoney } from '@verdant/domain/invoices/money';
import { ScrollTable } from '../../../components/scroll-table';
import type { Draft, Section } from '../invoice-form';
import { cardLine, type LineContext, lineParts, tableLine } from './item-line';

const TITLES: Record<Section, string> = {
  charge: 'Charges',
  sundry: 'Sundry (non-discounted) items',
  discount: 'Discounts',
};
/** Below this width the lines are cards (description, type, the four figures, total) instead of a table. */
const NARROW = '(max-width: 40em)';

interface Props {
  draft: Draft;
  section: Section;
  totals: InvoiceTotals;
  canEdit: boolean;
  /** The first tab stop of the section's fields: each render numbers them from here, top to bottom. */
  tabBase: number;
  onItem: (index: number, change: Partial<InvoiceItem>) => void;
  onAdd: (groupName: string | null) => void;
  onRemove: (index: number) => void;
  onRenameGroup?: (from: string, to: string) => void;
  onAddGroup?: () => void;
}

/**
 * One section of the invoice's lines, like a bill's: description, type, rate, units, factor, repeat and total.
 * On a wide screen a table; on a phone each line is a card, every figure labelled and the total in reach.
 */
export function ItemsSection({
  draft,
  section,
  totals,
  canEdit,
  tabBase,
  onItem,
  onAdd,
  onRemove,
  onRenameGroup,
  onAddGroup,
}: Props) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  let stop = tabBase;
  const tab = () => stop++;
  const rows = draft.items.flatMap((it, index) => (it.category === section ? [{ it, index }] : []));
  const types = CHARGE_TYPES.filter((t) => t.category === section && (!t.documentOnly || !canEdit));
  const title = TITLES[section];
  const sectionTotal =
    section === 'charge'
      ? totals.chargesCents
      : section === 'sundry'
        ? totals.sundriesCents
        : totals.discountsCents;
  // Charges come in TOU groups (named, unique); ungrouped charges first.
  const groups: (string | null)[] = section === 'charge' ? [null, ...draft.chargeGroups] : [null];
  const label = (text: string) => (narrow ? text : undefined);
  const line: LineContext = { totals, canEdit, tab, label, types, onItem, onRemove };
  const tableRow = ({ it, index }: { it: InvoiceItem; index: number }) =>
    tableLine(lineParts(line, it, index), index, canEdit);
  const card = ({ it, index }: { it: InvoiceItem; index: number }) =>
    cardLine(lineParts(line, it, index), index);

  const addButton = (g: string | null) =>
    canEdit ? (
      <Button size="compact-xs" variant="subtle" onClick={() => onAdd(g)}>
        {section === 'charge'
          ? `Add charge${g ? ` to ${g}` : ''}`
          : section === 'sundry'
            ? 'Add sundry item'
            : 'Add discount'}
      </Button>
    ) : null;

  const grouped = groups.flatMap((g) => {
    const inGroup = rows.filter(
      (r) =>
        (r.it.groupName ?? null) === g ||
        (g === null && r.it.groupName !== null && !draft.chargeGroups.includes(r.it.groupName)),
    );
    if (g === null && inGroup.length === 0 && section === 'charge' && draft.chargeGroups.length > 0)
      return [];
    const groupTotal = inGroup.reduce((a, r) => a + (totals.items[r.index]?.totalCents ?? 0), 0);
    return [{ g, inGroup, groupTotal }];
  });
  // Called where the group's row is drawn, so its place in the tab order is above its lines.
  const nameOf = (g: string) => (
    <TextInput
      aria-label="TOU group name"
      size="xs"
      fw={600}
      value={g}
      readOnly={!canEdit}
      tabIndex={tab()}
      onChange={(e) => onRenameGroup?.(g, e.currentTarget.value)}
    />
  );

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
      {narrow ? (
        <Stack gap="xs">
          {grouped.map(({ g, inGroup, groupTotal }) => (
            <Stack key={g ?? '-'} gap={6}>
              {g !== null && (
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Box style={{ flex: 1 }}>{nameOf(g)}</Box>
                  <Text ff="monospace" fz="sm">
                    {formatMoney(groupTotal)}
                  </Text>
                </Group>
              )}
              {inGroup.map(card)}
              {addButton(g) && <Group>{addButton(g)}</Group>}
            </Stack>
          ))}
        </Stack>
      ) : (
        <ScrollTable label={`${title} items`} minWidth={800}>
          <Table verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th w={156}>Type</Table.Th>
                <Table.Th w={96}>Rate</Table.Th>
                <Table.Th w={124}>Units</Table.Th>
                <Table.Th w={56}>Factor</Table.Th>
                <Table.Th w={60}>Repeat</Table.Th>
                <Table.Th w={112} ta="right">
                  Total
                </Table.Th>
                {canEdit && <Table.Th aria-label="Remove" />}
              </Table.Tr>
            </Table.Thead>
            {grouped.map(({ g, inGroup, groupTotal }) => (
              <Table.Tbody key={g ?? '-'}>
                {g !== null && (
                  <Table.Tr bg="var(--mantine-color-gray-0)">
                    <Table.Td colSpan={6}>{nameOf(g)}</Table.Td>
                    <Table.Td ta="right" ff="monospace" fz="sm">
                      {formatMoney(groupTotal)}
                    </Table.Td>
                    {canEdit && <Table.Td />}
                  </Table.Tr>
                )}
                {inGroup.map(tableRow)}
                {canEdit && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>{addButton(g)}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            ))}
          </Table>
        </ScrollTable>
      )}
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
