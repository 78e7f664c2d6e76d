import { Anchor, Badge, Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { InvoiceReportMeter } from '@verdant/contracts/admin-reports';
import { formatDisplayDate } from '@verdant/domain/dates';
import {
  daysOfYear,
  dueDays,
  type EntryCounts,
  invoicedPercent,
  isSparse,
  meterYear,
} from '@verdant/domain/invoices/entry-report';
import { MONTH_SHORT_NAMES } from '@verdant/domain/month-labels';
import { Link } from 'react-router';
import { ScrollTable } from './scroll-table';

const MONTHS = MONTH_SHORT_NAMES;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_NUMBERS = Array.from({ length: 31 }, (_, i) => i + 1);
const whole = (v: number | null) => (v === null ? '—' : `${Math.floor(v)}%`);

/** A month of a data source: invoiced throughout, partly missing, all missing, awaiting a bill, or not open. */
function monthTone(c: EntryCounts): { bg: string; label: string } {
  if (c.open === 0) return { bg: 'var(--mantine-color-gray-1)', label: 'not open' };
  if (c.missing === c.open) return { bg: 'var(--mantine-color-red-2)', label: 'invoices missing' };
  if (c.missing > 0) return { bg: 'var(--mantine-color-orange-2)', label: 'partly missing' };
  if (c.invoiced === c.open) return { bg: 'var(--mantine-color-green-2)', label: 'invoiced' };
  if (c.tenanted > 0 && c.awaiting === 0)
    return { bg: 'var(--mantine-color-gray-2)', label: 'assumed tenanted' };
  return { bg: 'var(--mantine-color-blue-1)', label: 'awaiting a bill' };
}

export const ENTRY_LEGEND = [
  { bg: 'var(--mantine-color-green-2)', label: 'Invoiced' },
  { bg: 'var(--mantine-color-orange-2)', label: 'Partly missing' },
  { bg: 'var(--mantine-color-red-2)', label: 'Invoices missing' },
  { bg: 'var(--mantine-color-blue-1)', label: 'Awaiting a bill' },
  { bg: 'var(--mantine-color-gray-1)', label: 'Not open' },
];

/** By data source: each data source's months of the year and its share of open days invoiced. */
export function ByDataSource({
  rows,
  year,
  today,
}: {
  rows: readonly InvoiceReportMeter[];
  year: number;
  today: string;
}) {
  return (
    <ScrollTable label="Invoice entry by data source" minWidth={980}>
      <Table
        verticalSpacing={4}
        horizontalSpacing={6}
        striped={false}
        aria-label="Invoices entered by data source"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data source</Table.Th>
            <Table.Th>Site</Table.Th>
            {MONTHS.map((m) => (
              <Table.Th key={m} ta="center" w={46}>
                {m}
              </Table.Th>
            ))}
            <Table.Th ta="right">Invoiced</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const { months, total } = meterYear(r, year, today);
            const sparse = isSparse(total);
            return (
              <Table.Tr key={r.meterId}>
                <Table.Td>
                  <Anchor component={Link} to={`/data-sources/${r.meterId}/invoices`} fz="sm">
                    {r.localName}
                  </Anchor>
                  {r.energy && (
                    <Text fz="xs" c="dimmed">
                      {r.energy}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td fz="sm">{r.siteName}</Table.Td>
                {months.map((c, i) => {
                  const tone = monthTone(c);
                  const title = `${MONTH_NAMES[i]} ${year}: ${c.invoiced} of ${c.open} days invoiced (${tone.label})`;
                  return (
                    <Table.Td key={MONTHS[i]} ta="center" p={2} title={title}>
                      <Box bg={tone.bg} fz="xs" py={4} mih={26} style={{ borderRadius: 3 }}>
                        {dueDays(c) === 0 ? '' : whole(invoicedPercent(c))}
                        <VisuallyHidden>{title}</VisuallyHidden>
                      </Box>
                    </Table.Td>
                  );
                })}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text span fz="sm" fw={600}>
                    {whole(invoicedPercent(total))}
                  </Text>
                  {sparse && (
                    <Badge ml={6} size="xs" color="red" variant="light">
                      Sparse
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A day's share of the data sources due a bill that are invoiced: full, most, some, sparse (under 20%). */
function dayTone(open: number, due: number, invoiced: number) {
  if (open === 0) return 'var(--mantine-color-gray-1)';
  if (due === 0) return 'var(--mantine-color-blue-1)';
  const p = (invoiced / due) * 100;
  if (p >= 90) return 'var(--mantine-color-green-6)';
  if (p >= 50) return 'var(--mantine-color-green-3)';
  if (p >= 20) return 'var(--mantine-color-yellow-4)';
  return 'var(--mantine-color-red-6)';
}

export const DAY_LEGEND = [
  { bg: 'var(--mantine-color-green-6)', label: '90% or more invoiced' },
  { bg: 'var(--mantine-color-green-3)', label: '50% or more' },
  { bg: 'var(--mantine-color-yellow-4)', label: '20% or more' },
  { bg: 'var(--mantine-color-red-6)', label: 'Sparse: under 20%' },
  { bg: 'var(--mantine-color-blue-1)', label: 'Awaiting bills' },
  { bg: 'var(--mantine-color-gray-1)', label: 'None open' },
];

/** By day: a calendar of the year, each day coloured by the share of the open data sources invoiced. */
export function ByDay({
  rows,
  year,
  today,
}: {
  rows: readonly InvoiceReportMeter[];
  year: number;
  today: string;
}) {
  const days = daysOfYear(rows, year, today);
  const sparse = days.filter((d) => dueDays(d) > 0 && (d.invoiced / dueDays(d)) * 100 < 20).length;
  return (
    <>
      <Text fz="sm" mb="xs" role="status">
        {`${sparse} sparse ${sparse === 1 ? 'day' : 'days'} in ${year} (under 20% of the data sources due a bill invoiced).`}
      </Text>
      <ScrollTable label="Invoice entry by day" minWidth={760}>
        <Table
          horizontalSpacing={0}
          verticalSpacing={0}
          withRowBorders={false}
          aria-label="Share of data sources invoiced by day"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48} />
              {DAY_NUMBERS.map((n) => (
                <Table.Th key={n} ta="center" fz={10} fw={500} c="dimmed">
                  {n}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MONTHS.map((m, month) => {
              const mine = days.filter((d) => Number(d.date.slice(5, 7)) === month + 1);
              return (
                <Table.Tr key={m}>
                  <Table.Th scope="row" fz="xs" fw={600} pr={6}>
                    {m}
                  </Table.Th>
                  {DAY_NUMBERS.map((n) => {
                    const d = mine[n - 1];
                    if (!d) return <Table.Td key={n} />;
                    const due = dueDays(d);
                    const title =
                      d.open === 0
                        ? `${formatDisplayDate(d.date)}: no data source open`
                        : due === 0
                          ? `${formatDisplayDate(d.date)}: ${d.open} data sources awaiting a bill`
                          : `${formatDisplayDate(d.date)}: ${d.invoiced} of ${due} data sources due a bill invoiced (${Math.round((d.invoiced / due) * 100)}%)`;
                    return (
                      <Table.Td key={d.date} p={1} title={title}>
                        <Box
                          h={18}
                          miw={18}
                          bg={dayTone(d.open, due, d.invoiced)}
                          style={{ borderRadius: 2 }}
                        >
                          <VisuallyHidden>{title}</VisuallyHidden>
                        </Box>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}

export function Legend({ items }: { items: readonly { bg: string; label: string }[] }) {
  return (
    <Group gap="md" wrap="wrap" aria-label="Legend" role="list">
      {items.map((i) => (
        <Group key={i.label} gap={6} wrap="nowrap" role="listitem">
          <Box
            w={14}
            h={14}
            bg={i.bg}
            style={{ borderRadius: 3, border: '1px solid var(--mantine-color-gray-4)' }}
          />
          <Text fz="xs">{i.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
