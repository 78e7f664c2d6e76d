import { Alert, Anchor, Card, Group, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { CommissioningRow } from '@verdant/contracts/benchmark/results';
import { COMMISSIONING_MIN_YEAR } from '@verdant/domain/benchmark/benchmark-rules';
import { formatMonth } from '@verdant/domain/month-labels';
import { formatNumber } from '@verdant/domain/unit-scaling';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommissioning } from '../api';
import { CommissioningChart } from '../components/commissioning-chart';
import { CommissioningPdfButton } from '../components/commissioning-pdf-button';

const eui = (n: number | null) => (n === null ? '' : formatNumber(n));
const gap = (g: CommissioningRow['designGap']) =>
  g === null
    ? ''
    : `${g.ratio.toFixed(2)} × (${g.kwh > 0 ? '+' : ''}${Math.round(g.kwh).toLocaleString('en-NZ')} kWh)`;

/**
 * Commissioning (/reports/commissioning, data-portal.md 2.7): a year (at least 2000, the last whole year at
 * first) and, for each entity with a design or commissioned figure, design against commissioned against actual
 * use intensity, the gaps and completeness (docs/decisions/benchmark.md, Commissioning).
 */
export function CommissioningPage() {
  useDocumentTitle('Commissioning');
  const [typed, setTyped] = useState<number | string>('');
  const year = typeof typed === 'number' && typed >= COMMISSIONING_MIN_YEAR ? typed : null;
  const invalid = typed !== '' && year === null;
  const table = useCommissioning(year);
  const data = table.data;

  return (
    <>
      <PageHeader
        title="Commissioning"
        description="Design against as-commissioned against actual energy use intensity (kWh per m² of gross floor area a year) for each entity with design or commissioned figures. Actual use is each data source’s consumption times the entity’s share of it. Buildings often use one and a half to three times their design figure."
        right={<CommissioningPdfButton year={data?.year ?? null} />}
      />
      <Stack gap="md">
        <Group align="flex-end">
          <NumberInput
            label="Year"
            w={160}
            min={COMMISSIONING_MIN_YEAR}
            allowDecimal={false}
            placeholder={data ? String(data.year) : undefined}
            value={typed === '' && data ? data.year : typed}
            onChange={setTyped}
            error={invalid ? 'Enter a year of at least 2000' : undefined}
          />
          {data && (
            <Text size="sm" c="dimmed">
              {data.till === null
                ? 'No month of this year is complete yet.'
                : `Actual use from ${formatMonth(data.from)} to ${formatMonth(data.till)}.`}
            </Text>
          )}
        </Group>
        {table.isError && <Alert color="red">{errorMessage(table.error)}</Alert>}
        {table.isPending && <Skeleton h={320} />}
        {data && (
          <>
            <Card withBorder>
              <CommissioningChart rows={data.rows} year={data.year} />
            </Card>
            <ScrollTable label={`Commissioning ${data.year}`} minWidth={900}>
              <Table striped data-testid="commissioning-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Entity</Table.Th>
                    <Table.Th ta="right">Floor area (m²)</Table.Th>
                    <Table.Th ta="right">Design</Table.Th>
                    <Table.Th ta="right">Commissioned</Table.Th>
                    <Table.Th ta="right">Intervention</Table.Th>
                    <Table.Th ta="right">Actual (kWh/m²)</Table.Th>
                    <Table.Th ta="right">Actual against design</Table.Th>
                    <Table.Th ta="right">Actual against commissioned</Table.Th>
                    <Table.Th>Completeness</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={r.entityId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/entities/${r.entityId}`} fz="sm">
                          {r.entityName}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {r.siteName}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{r.floorArea === null ? '' : formatNumber(r.floorArea)}</Table.Td>
                      <Table.Td ta="right">{eui(r.designEui)}</Table.Td>
                      <Table.Td ta="right">{eui(r.commissionedEui)}</Table.Td>
                      <Table.Td ta="right">{eui(r.interventionEui)}</Table.Td>
                      <Table.Td ta="right">{eui(r.actualEui)}</Table.Td>
                      <Table.Td ta="right">{gap(r.designGap)}</Table.Td>
                      <Table.Td ta="right">{gap(r.commissionedGap)}</Table.Td>
                      <Table.Td>
                        {r.note ?? `${r.monthsComplete} of 12 months complete`}
                        {r.estimated ? ' (includes estimates)' : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {data.narrowed && (
              <Text size="sm" c="dimmed">
                Data sources you may not see are left out of the actual figures.
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Design, commissioned and intervention figures are kWh/m² a year as entered on each entity’s
              usage. A gap is actual ÷ figure, and in kWh a year over the floor area; it is shown for a whole
              year only.
            </Text>
          </>
        )}
      </Stack>
    </>
  );
}
