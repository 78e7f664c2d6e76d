import { Alert, Anchor, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { BenchmarkResult } from '@verdant/contracts/benchmark/results';
import { formatMonth } from '@verdant/domain/month-labels';
import { formatNumber, formatPercent } from '@verdant/domain/unit-scaling';
import { ScrollTable } from '../../../components/scroll-table';

const whole = (n: number) => Math.round(n).toLocaleString('en-NZ');

/** What the entity is compared with, in words: the set and edition, its type and publication, or the level. */
function ComparedWith({ r }: { r: BenchmarkResult }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          Compared with:{' '}
        </Text>
        {r.set ? `${r.set.name}, ${r.set.edition} (${r.set.publisher})` : r.levelLabel}
        {r.typeName ? ` — ${r.typeName}` : ''}
      </Text>
      {r.set && (
        <Text size="sm" c="dimmed">
          Source:{' '}
          {r.set.sourceUrl ? (
            <Anchor href={r.set.sourceUrl} target="_blank" rel="noreferrer" size="sm">
              {r.set.sourceTitle}
            </Anchor>
          ) : (
            r.set.sourceTitle
          )}
          {r.publication ? `. ${r.publication}.` : ''} {r.set.adjustments}
        </Text>
      )}
      <Group gap="xs">
        {r.set?.secondary && (
          <Badge color="red" variant="light">
            Secondary transcription
          </Badge>
        )}
        <Badge color={r.weather.normalised ? 'verdant' : 'gray'} variant="light">
          {r.weather.normalised ? 'Weather-normalised' : 'Not weather-normalised'}
        </Badge>
        <Badge color={r.completeness.monthsComplete < 12 ? 'grape' : 'verdant'} variant="light">
          {r.completeness.monthsComplete} of 12 months complete
        </Badge>
        {r.completeness.estimated && (
          <Badge color="gray" variant="light">
            Includes estimates
          </Badge>
        )}
      </Group>
      <Text size="sm">{r.weather.text}</Text>
    </Stack>
  );
}

/** The Benchmark page's figures: each indicator's samples, entity against benchmark, and the footnotes. */
export function BenchmarkResultView({ r }: { r: BenchmarkResult }) {
  const period = `${formatMonth(r.startMonth)} to ${formatMonth(r.endMonth)}`;
  if (!r.calculated)
    return (
      <Alert color="yellow" title={`${r.entityName}, ${period}`} data-testid="benchmark-message">
        {r.message}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="benchmark-result">
      <Card withBorder>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {r.entityName}
            {r.entityType ? ` (${r.entityType})` : ''}, {period}
          </Title>
          {r.entityKwh && (
            <Text size="sm">
              Energy over the 12 months: {whole(r.entityKwh.electricity)} kWh electricity and{' '}
              {whole(r.entityKwh.fossil)} kWh fossil thermal.
            </Text>
          )}
          <ComparedWith r={r} />
        </Stack>
      </Card>
      {r.indicators.map((i) => (
        <Card withBorder key={i.indicatorId}>
          <Title order={4} size="h5" mb="xs">
            Per {i.indicator.toLowerCase()}: {formatNumber(i.value)}{' '}
            {i.indicatorUnit === 'm2' ? 'm²' : i.indicatorUnit}
          </Title>
          <ScrollTable label={`${r.entityName}: per ${i.indicator.toLowerCase()}`} minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Measure</Table.Th>
                  <Table.Th ta="right">Entity</Table.Th>
                  <Table.Th ta="right">Benchmark</Table.Th>
                  <Table.Th ta="right">As published</Table.Th>
                  <Table.Th ta="right">Above benchmark</Table.Th>
                  <Table.Th ta="right">Possible improvement (kWh a year)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {i.samples.map((s) => (
                  <Table.Tr key={s.label}>
                    <Table.Td>
                      {s.label}
                      <Text size="xs" c="dimmed">
                        {s.unit}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(s.entityConsumption)}</Table.Td>
                    <Table.Td ta="right">
                      {formatNumber(s.benchmarkConsumption)}
                      {s.p25 !== null && s.p75 !== null && (
                        <Text size="xs" c="dimmed">
                          quartiles {formatNumber(s.p25)}–{formatNumber(s.p75)}
                        </Text>
                      )}
                      {s.weather && (
                        <Text size="xs" c={s.weather.startsWith('Not') ? 'orange.8' : 'dimmed'}>
                          {s.weather}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {s.publishedValue === null
                        ? ''
                        : `${formatNumber(s.publishedValue)} ${s.publishedUnit ?? ''}`}
                    </Table.Td>
                    <Table.Td ta="right">{formatPercent(s.percentAbove, { signed: true })}</Table.Td>
                    <Table.Td ta="right">
                      {whole(s.possibleImprovement)}
                      {s.possibleImprovement < 0 ? ' *' : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Card>
      ))}
      {r.footnotes.length > 0 && (
        <List size="sm" c="dimmed" data-testid="benchmark-footnotes">
          {r.footnotes.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
