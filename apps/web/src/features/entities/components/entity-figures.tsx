import { Anchor, Group, Loader, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { EntityFigures as Figures } from '@verdant/contracts/entities/figures';
import { COST_EXCL_GST } from '@verdant/domain/gst-labels';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { columnScale, formatMoney } from '@verdant/domain/unit-scaling';
import { Link } from 'react-router';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { ScrollTable } from '../../../components/scroll-table';
import { useEntityFigures } from '../api';

function Value({ text, incomplete }: { text: string; incomplete: boolean }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {incomplete && (
        <Tooltip label={MSG.incompleteMonth}>
          <IconAlertTriangle
            size={14}
            color="var(--mantine-color-orange-8)"
            aria-label={MSG.incompleteMonth}
          />
        </Tooltip>
      )}
      <Text fz="sm">{text}</Text>
    </Group>
  );
}

function MonthsTable({ figures }: { figures: Figures }) {
  const months = [...figures.months].reverse();
  const energy = columnScale(
    months.map((m) => m.cons),
    'kWh',
  );
  const emissions = columnScale(
    months.map((m) => m.co2e),
    'kg CO2e',
  );
  return (
    <ScrollTable label="Figures table" minWidth={420}>
      <Table verticalSpacing={4} aria-label="Distributed figures by month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">{`Consumption (${energy.unit})`}</Table.Th>
            <Table.Th ta="right">{COST_EXCL_GST}</Table.Th>
            <Table.Th ta="right">{`Emissions (${emissions.unit})`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month} data-month={m.month}>
              <Table.Td>{formatMonth(`${m.month}-01`)}</Table.Td>
              <Table.Td>
                <Value text={energy.format(m.cons)} incomplete={m.consIncomplete} />
              </Table.Td>
              <Table.Td>
                <Value text={formatMoney(m.cost)} incomplete={m.costIncomplete} />
              </Table.Td>
              <Table.Td>
                <Value text={emissions.format(m.co2e)} incomplete={m.co2eIncomplete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The entity's share of its data sources' figures (their consumption times the shares in force). */
export function EntityFigures({ entityId }: { entityId: number }) {
  const figures = useEntityFigures(entityId);
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="xs">
        Distributed figures
      </Title>
      {!figures.data ? (
        <Loader size="sm" aria-label="Loading figures" />
      ) : figures.data.meters.length === 0 &&
        figures.data.months.every((m) => m.cons === 0 && m.cost === 0) ? (
        <Text fz="sm" c="dimmed">
          No data source shares its consumption with this entity. Set the shares on a data source's
          Distribution tab.
        </Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed" mb="sm">
            {`Twelve months to ${formatMonth(figures.data.lastCompleteMonth)}. Data sources: `}
            {figures.data.meters.length === 0
              ? 'none now'
              : figures.data.meters.map((m, i) => (
                  <span key={m.meterId}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={`/data-sources/${m.meterId}/configuration`} fz="sm">
                      {m.meterName}
                    </Anchor>
                    {` ${m.percCons}%`}
                  </span>
                ))}
          </Text>
          <MonthsTable figures={figures.data} />
          <FactorEditionsNote editions={figures.data.editions} />
        </>
      )}
    </Paper>
  );
}
