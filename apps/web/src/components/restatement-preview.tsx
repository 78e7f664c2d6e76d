import { Badge, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { RestatementPreview as Preview } from '@verdant/contracts/catalogue-restatements';
import { ScrollTable } from './scroll-table';

/** kg CO2e, whole. */
export const kg = (n: number) => `${Math.round(n).toLocaleString()} kg`;
/** A year's total as restatements measure it: scope 1, location-based scope 2 and scope 3. */
export const total = (s: { s1: number; s2Location: number; s3: number }) => s.s1 + s.s2Location + s.s3;
/** A year's change of its total ('new' when it had nothing). */
export const pct = (p: number | null) => (p === null ? 'new' : `${p > 0 ? '+' : ''}${p.toFixed(2)} %`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}

/**
 * What a restatement moves, before anyone confirms it: how many organisations, meters and kg CO2e, and per
 * organisation each reporting year's total before and after against its significance threshold.
 */
export function RestatementPreview({ preview }: { preview: Preview }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <Figure label="Organisations" value={preview.organisations.toLocaleString()} />
        <Figure label="Data sources" value={preview.meters.toLocaleString()} />
        <Figure label="kg CO2e moved" value={kg(preview.kgCo2eMoved)} />
      </SimpleGrid>
      {preview.byOrganisation.length === 0 ? (
        <Text size="sm" c="dimmed">
          No organisation's figures move.
        </Text>
      ) : (
        <ScrollTable label="Restatement by organisation" minWidth={720}>
          <Table aria-label="Restatement by organisation" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Year</Table.Th>
                <Table.Th ta="right">Scope 1</Table.Th>
                <Table.Th ta="right">Scope 2 (location)</Table.Th>
                <Table.Th ta="right">Scope 3</Table.Th>
                <Table.Th ta="right">Total before</Table.Th>
                <Table.Th ta="right">Total after</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.byOrganisation.flatMap((o) =>
                o.years.map((y, i) => (
                  <Table.Tr key={`${o.organisationId}-${y.year}`}>
                    <Table.Td>
                      {i === 0 && (
                        <Group gap={6}>
                          <Text size="sm">{o.name}</Text>
                          <Badge color="orange" variant={o.significant ? 'light' : 'default'}>
                            {o.significant ? 'Significant' : 'Below'} {o.threshold} %
                          </Badge>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>{y.year}</Table.Td>
                    <Table.Td ta="right">{kg(y.after.s1 - y.before.s1)}</Table.Td>
                    <Table.Td ta="right">{kg(y.after.s2Location - y.before.s2Location)}</Table.Td>
                    <Table.Td ta="right">{kg(y.after.s3 - y.before.s3)}</Table.Td>
                    <Table.Td ta="right">{kg(total(y.before))}</Table.Td>
                    <Table.Td ta="right">{kg(total(y.after))}</Table.Td>
                    <Table.Td ta="right">{pct(y.changePercent)}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        Scope columns show the change, kg CO2e; totals are scope 1, location-based scope 2 and scope 3.
      </Text>
    </Paper>
  );
}
