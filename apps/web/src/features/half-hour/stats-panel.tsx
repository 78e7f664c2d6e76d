import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { HalfHourMonth } from '@verdant/contracts/half-hour';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatNumber } from '@verdant/domain/unit-scaling';
import { Chart } from '../../components/chart';
import { pieOption } from './charts';

type Peak = HalfHourMonth['stats']['peaks'][number];

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
      {note && (
        <Text fz="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

function Peaks({ title, peaks, unit }: { title: string; peaks: Peak[]; unit: string }) {
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      <Table verticalSpacing={4} fz="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th ta="right">{unit}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {peaks.map((p) => (
            <Table.Tr key={`${p.date} ${p.time}`}>
              <Table.Td>{formatDisplayDate(p.date)}</Table.Td>
              <Table.Td>{p.time}</Table.Td>
              <Table.Td ta="right">{formatNumber(p.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const or = (value: number | null, format: (v: number) => string) =>
  value === null ? 'unavailable' : format(value);

/**
 * The month's statistics (data-portal 2.5; definitions in docs/decisions/half-hour.md, Statistics): base load
 * and its share, peak loads, daily peak loads, average load, the load group in kVA beside the month's peak
 * apparent demand, and the pie of base load against above base load.
 */
export function StatsPanel({
  data,
  demandUnit,
  energyUnit,
}: {
  data: HalfHourMonth;
  demandUnit: string;
  energyUnit: string;
}) {
  const s = data.stats;
  const kva = s.peakKva;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure
          label="Base Load"
          value={or(s.baseLoadKw, (v) => `${formatNumber(v)} ${demandUnit}`)}
          note="5th percentile of the month's half-hour demand"
        />
        <Figure
          label="% consumption attributed to base load"
          value={or(s.baseLoadShare, (v) => `${v.toFixed(1)}%`)}
        />
        <Figure label="Average Load" value={or(s.averageKw, (v) => `${formatNumber(v)} ${demandUnit}`)} />
        <Figure
          label="Load Group"
          value={data.loadGroupKva === null ? 'Not set' : `${formatNumber(data.loadGroupKva)} kVA`}
          note={
            kva
              ? `Peak ${formatNumber(kva.value)} kVA on ${formatDisplayDate(kva.date)} at ${kva.time}`
              : undefined
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Peaks title="Peak Load (top five)" peaks={s.peaks} unit={demandUnit} />
        <Peaks title="Daily Peak Load (top five)" peaks={s.dailyPeaks} unit={demandUnit} />
        <Stack gap={4}>
          <Title order={4} fz="sm">
            Base load against above base load
          </Title>
          <Chart
            option={pieOption(data, energyUnit)}
            height={220}
            label={`Base load ${formatNumber(s.baseLoadKwh)} ${energyUnit}, above base load ${formatNumber(s.aboveBaseKwh)} ${energyUnit}`}
            empty={s.halfHours === 0 ? 'No readings this month.' : null}
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
