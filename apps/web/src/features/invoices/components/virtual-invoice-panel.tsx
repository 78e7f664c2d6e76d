import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { VirtualInvoiceOfMeter } from '@verdant/contracts/invoices/alerts';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatMoney, formatNumber } from '@verdant/domain/unit-scaling';
import { useVirtualInvoice } from '../virtual-invoice-api';

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : formatMoney(cents / 100);
const rate = (r: number | null | undefined) => (r === null || r === undefined ? '—' : r.toFixed(4));
const kwh = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatNumber(v));
const signed = (cents: number) => `${cents > 0 ? '+' : ''}${money(cents)}`;

function days(list: string[], what: string) {
  if (list.length === 0) return null;
  const shown = list.slice(0, 6).map(formatDisplayDate).join(', ');
  return `${list.length} day${list.length === 1 ? '' : 's'} ${what} left out (${shown}${list.length > 6 ? ', ...' : ''}).`;
}

function VirtualInvoiceTable({ v }: { v: VirtualInvoiceOfMeter }) {
  const difference = v.differenceCents;
  const verdict =
    difference === 0
      ? 'The energy is billed exactly as the contract prices it.'
      : `The invoice bills ${money(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} for energy than the contract prices the half-hour data.`;
  const gaps = [
    days(v.missingDays, 'without 48 half hours of data are'),
    days(v.unpricedDays, 'without a contracted rate are'),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {v.source === 'TOU'
          ? `The ${v.contractName ?? 'TOU contract'} rates applied to ${v.meterName}'s half-hour data, each half hour at the rate of its time period and day type.`
          : `The organisation's non-TOU (NHH) retail and network rates applied to ${v.meterName}'s half-hour data.`}{' '}
        Fixed charges and levies are not priced by the contract and are left out.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing={4} fz="sm" aria-label="Virtual invoice">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th ta="right">Half-hour kWh</Table.Th>
              <Table.Th ta="right">Contract c/kWh</Table.Th>
              <Table.Th ta="right">Should be</Table.Th>
              <Table.Th ta="right">Billed kWh</Table.Th>
              <Table.Th ta="right">Billed c/kWh</Table.Th>
              <Table.Th ta="right">Billed</Table.Th>
              <Table.Th ta="right">Difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.lines.map((l) => (
              <Table.Tr key={`${l.kind}-${l.label}-${l.billed?.cents ?? ''}-${l.virtual?.cents ?? ''}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.label}</Table.Td>
                <Table.Td ta="right">{kwh(l.virtual?.kwh)}</Table.Td>
                <Table.Td ta="right">{rate(l.virtual?.rate)}</Table.Td>
                <Table.Td ta="right">{money(l.virtual?.cents)}</Table.Td>
                <Table.Td ta="right">{kwh(l.billed?.kwh)}</Table.Td>
                <Table.Td ta="right">{rate(l.billed?.rate)}</Table.Td>
                <Table.Td ta="right">{money(l.billed?.cents)}</Table.Td>
                <Table.Td ta="right" fw={l.differenceCents === 0 ? undefined : 600}>
                  {signed(l.differenceCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">{kwh(v.halfHourKwh)}</Table.Th>
              <Table.Th />
              <Table.Th ta="right">{money(v.virtualCents)}</Table.Th>
              <Table.Th />
              <Table.Th />
              <Table.Th ta="right">{money(v.billedCents)}</Table.Th>
              <Table.Th ta="right">{signed(difference)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" fw={500}>
        {verdict}
      </Text>
      {gaps && (
        <Text size="sm" c="orange.8">
          {`${gaps} The difference is not a finding until every day is there.`}
        </Text>
      )}
      {v.alert && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Tariff alert">
          {`The difference of ${money(Math.abs(difference))} passes this data source's Tariff Alert threshold of ${money((v.thresholdDollars ?? 0) * 100)}.`}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The virtual invoice (docs/decisions/bill-audit.md, The virtual invoice): what this invoice should have been
 * on the data source's contracted rates and half-hour data, beside what it bills. Nothing shows when the data
 * source has neither.
 */
export function VirtualInvoicePanel({
  invoiceId,
  meterId,
  version,
}: {
  invoiceId: number;
  meterId: number;
  version: number;
}) {
  const answer = useVirtualInvoice(invoiceId, version);
  const mine = answer.data?.meters.find((m) => m.meterId === meterId);
  if (!mine) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="lg" maw={960} component="section" aria-label="Virtual invoice">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg">
          Virtual invoice
        </Title>
        <Badge variant="light" color={mine.alert ? 'red' : mine.differenceCents === 0 ? 'green' : 'gray'}>
          {mine.source === 'TOU' ? 'TOU contract' : 'NHH rates'}
        </Badge>
      </Group>
      <VirtualInvoiceTable v={mine} />
    </Paper>
  );
}
