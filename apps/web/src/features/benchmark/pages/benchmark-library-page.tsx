import { Anchor, Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import type { BenchmarkSetSummary } from '@verdant/contracts/benchmark';
import { BENCHMARK_UNITS } from '@verdant/domain/benchmark/benchmark-rules';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useOrganisationId, useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBenchmarkSets } from '../api';
import { DegreeDaysSection } from '../library/degree-days-section';
import { MappingsModal } from '../library/mappings-modal';
import { SetLoadModal } from '../library/set-load-modal';

/**
 * /setup/benchmarks: the benchmark library (docs/decisions/benchmark.md): each published set's editions with
 * their level, unit and types, a new edition loaded from CSV, each series' type mappings, and the current
 * organisation's degree days. Product administrators only.
 */
export function BenchmarkLibraryPage() {
  useDocumentTitle('Benchmark Library');
  const productAdmin = useSession()?.user.productAdmin === true;
  if (!productAdmin)
    return (
      <>
        <PageHeader title="Benchmark Library" />
        <Text c="dimmed">The benchmark library is kept by the product administrators.</Text>
      </>
    );
  return <Library />;
}

function Library() {
  const sets = useBenchmarkSets();
  const organisationId = useOrganisationId();
  const [loading, setLoading] = useState(false);
  const [mapping, setMapping] = useState<BenchmarkSetSummary | null>(null);
  return (
    <>
      <PageHeader
        title="Benchmark Library"
        description="Published building-type benchmarks by series and edition: the newest edition of a series answers its level on the Benchmark page."
        right={<Button onClick={() => setLoading(true)}>Load a set</Button>}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md">
          <QueryState query={sets}>
            {(rows) => (
              <ScrollTable label="Benchmark sets" minWidth={860}>
                <Table aria-label="Benchmark sets" verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Set</Table.Th>
                      <Table.Th>Edition</Table.Th>
                      <Table.Th>Level</Table.Th>
                      <Table.Th>Unit</Table.Th>
                      <Table.Th ta="right">Types</Table.Th>
                      <Table.Th ta="right">Mapped</Table.Th>
                      <Table.Th>Source</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.length === 0 && <EmptyRow cols={8} text="No sets yet." />}
                    {rows.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>
                          <Text fw={600} fz="sm">
                            {s.name}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {`${s.publisher} · ${s.series}`}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {s.edition}{' '}
                          {s.current && (
                            <Badge size="sm" variant="light">
                              In use
                            </Badge>
                          )}{' '}
                          {s.secondary && (
                            <Badge size="sm" color="yellow" variant="light">
                              Secondary source
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{s.level}</Table.Td>
                        <Table.Td>{BENCHMARK_UNITS[s.unit]?.label ?? s.unit}</Table.Td>
                        <Table.Td ta="right">{s.types.length}</Table.Td>
                        <Table.Td ta="right">{s.mappings.length}</Table.Td>
                        <Table.Td>
                          {s.sourceUrl ? (
                            <Anchor href={s.sourceUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                              {s.sourceTitle}
                            </Anchor>
                          ) : (
                            <Text fz="sm">{s.sourceTitle}</Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {s.current && (
                            <Button size="xs" variant="default" onClick={() => setMapping(s)}>
                              Mappings
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </QueryState>
        </Paper>
        {organisationId !== null && <DegreeDaysSection organisationId={organisationId} />}
      </Stack>
      {loading && <SetLoadModal onClose={() => setLoading(false)} />}
      {mapping && <MappingsModal set={mapping} onClose={() => setMapping(null)} />}
    </>
  );
}
