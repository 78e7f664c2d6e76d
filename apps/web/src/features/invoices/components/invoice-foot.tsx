import { Box, Divider, Group, Stack, Text } from '@mantine/core';
import type { InvoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { formatMoney, toCents } from '@verdant/domain/invoices/money';
import type { ReactNode } from 'react';
import type { Draft } from '../invoice-form';
import { MoneyText } from './fields';

function SumRow({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" py={2}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Box ff="monospace" fw={strong ? 700 : 400} fz={strong ? 'lg' : 'sm'} ta="right">
        {children}
      </Box>
    </Group>
  );
}

interface FootProps {
  draft: Draft;
  totals: InvoiceTotals;
  canEdit: boolean;
  tab: () => number;
  onTax: (value: string) => void;
  onTotal: (value: string) => void;
}

/**
 * The foot of the bill: the sums, GST and what is payable; on an edited invoice GST and the total are typed
 * as printed. Made during the editor's own render (called, not mounted), like the key fields, for the same
 * places in the tab counter.
 */
export function invoiceFoot({ draft, totals, canEdit, tab, onTax, onTotal }: FootProps) {
  return (
    <Group justify="flex-end" mt="xl">
      <Stack gap={2} w={{ base: '100%', xs: 360 }} component="section" aria-label="Totals">
        <SumRow label="Charges">{formatMoney(totals.chargesCents)}</SumRow>
        <SumRow label="Sundry items">{formatMoney(totals.sundriesCents)}</SumRow>
        <SumRow label="Discounts">{formatMoney(totals.discountsCents)}</SumRow>
        <SumRow label={`GST (${draft.taxPercentage}%)${draft.itemTotalsIncludeTax ? ' included' : ''}`}>
          {draft.edited && canEdit ? (
            <MoneyText
              aria-label="GST"
              w={140}
              styles={{ input: { textAlign: 'right' } }}
              value={draft.taxAmount}
              tabIndex={tab()}
              description={`Calculated ${formatMoney(totals.taxCents)}`}
              onValue={onTax}
            />
          ) : (
            formatMoney(totals.taxCents)
          )}
        </SumRow>
        <SumRow label="Opening Balance">{formatMoney(toCents(draft.openingBalance) ?? 0)}</SumRow>
        <Divider />
        <SumRow label="Total Payable" strong>
          {draft.edited && canEdit ? (
            <MoneyText
              aria-label="Total Payable"
              w={140}
              styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
              value={draft.visibleTotal}
              tabIndex={tab()}
              description={`Calculated ${formatMoney(totals.totalCents)}`}
              onValue={onTotal}
            />
          ) : (
            formatMoney(totals.totalCents)
          )}
        </SumRow>
      </Stack>
    </Group>
  );
}
