import { Group, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import type { InvoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { formatMoney, toCents } from '@verdant/domain/invoices/money';
import type { ReactNode } from 'react';
import type { Draft } from '../invoice-form';
import { OriginalPdf } from './original-pdf';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Group>
  );
}

/** The bill's masthead: who it is for on the left, the bill itself on the right. */
export function InvoiceMasthead({
  draft,
  totals,
  invoicesPath,
}: {
  draft: Draft;
  totals: InvoiceTotals;
  invoicesPath: string;
}) {
  const retailer = draft.retailers.find((r) => r.id === draft.retailerId)?.text ?? null;
  return (
    <Group justify="space-between" align="flex-start" gap="lg">
      <Stack gap={2} style={{ flex: '1 1 18rem' }}>
        <Title order={1} fz={22}>
          {draft.localNameValue}
        </Title>
        <Fact label="Site">{draft.siteName}</Fact>
        <Fact label={draft.meterCollectionLabel}>{draft.meterCollectionValue}</Fact>
        <Fact label="Meter">{draft.localNameValue}</Fact>
        <Fact label={draft.userCodeLabel}>{draft.userCodeValue}</Fact>
        <Fact label="Bill Type">{draft.billType}</Fact>
        <Fact label="Entered By">{draft.enteredBy}</Fact>
        <Fact label="Original PDF">
          <OriginalPdf
            href={draft.originalInvoice}
            invoiceId={draft.id}
            isNew={draft.id === null}
            mayEdit={draft.mayEdit}
            invoicesPath={invoicesPath}
          />
        </Fact>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flex: '0 1 16rem' }}>
        <Text fz={28} fw={300} tt="uppercase" lts={2}>
          Tax invoice
        </Text>
        <Text size="sm" c="dimmed">
          {retailer ?? 'Retailer not set'}
        </Text>
        {/* As on the paper bill: what is payable, and by when, at the top. */}
        <Text size="xs" c="dimmed" mt={6}>
          Total Payable
        </Text>
        <Text fz={24} fw={700} ff="monospace" lh={1.1}>
          {formatMoney(draft.edited ? (toCents(draft.visibleTotal) ?? totals.totalCents) : totals.totalCents)}
        </Text>
        {draft.dateDue && <Text size="sm">Due {formatDisplayDate(draft.dateDue)}</Text>}
        {draft.kind !== 'normal' && (
          <Text size="sm" fw={600} tt="capitalize">
            {draft.kind}
          </Text>
        )}
        {draft.reversed && (
          <Text size="sm" c="orange.8" fw={600}>
            Reversed
          </Text>
        )}
      </Stack>
    </Group>
  );
}
