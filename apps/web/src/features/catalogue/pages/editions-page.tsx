import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EditionLoadForm } from '../components/edition-load-form';
import { coversText, EDITION_COLOURS } from '../components/edition-status';
import { SavedMappings } from '../components/factor-mappings';
import { useEditions } from '../editions-api';

/**
 * /setup/editions: the editions of the default factor set, each a publication with its source, GWP set and
 * status; a publisher's file loads as a draft to compare and publish. Product administrators only.
 */
export function EditionsPage() {
  useDocumentTitle('Factor Editions');
  const productAdmin = useSession()?.user.productAdmin === true;
  if (!productAdmin)
    return (
      <>
        <PageHeader title="Factor Editions" />
        <Text c="dimmed">Emission factor editions are kept by the product administrators.</Text>
      </>
    );
  return <Editions />;
}

function Editions() {
  const editions = useEditions();
  return (
    <>
      <PageHeader
        title="Factor Editions"
        description="Each publisher's edition of the emission factors: what it covers, where it came from, and whether it is in use."
      />
      <QueryState query={editions}>
        {(rows) => (
          <Stack gap="md">
            <Paper withBorder radius="md">
              <ScrollTable label="Editions" minWidth={820}>
                <Table aria-label="Editions" highlightOnHover verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Edition</Table.Th>
                      <Table.Th>Publisher</Table.Th>
                      <Table.Th w={120}>Status</Table.Th>
                      <Table.Th>Published</Table.Th>
                      <Table.Th>Covers</Table.Th>
                      <Table.Th>GWP</Table.Th>
                      <Table.Th ta="right">Factors</Table.Th>
                      <Table.Th>Source</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((e) => (
                      <Table.Tr key={e.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/setup/editions/${e.id}`}>
                            {e.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{e.publisher}</Table.Td>
                        <Table.Td>
                          <Badge
                            color={EDITION_COLOURS[e.status]}
                            variant={e.status === 'superseded' ? 'default' : 'light'}
                          >
                            {e.status}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{e.published ?? ''}</Table.Td>
                        <Table.Td>{coversText(e)}</Table.Td>
                        <Table.Td>{e.gwpSet}</Table.Td>
                        <Table.Td ta="right">{e.factorCount.toLocaleString()}</Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={1}>
                            {e.sourceTitle ?? ''}
                          </Text>
                          {e.sourceSha256 && (
                            <Text size="xs" c="dimmed" ff="monospace" title={e.sourceSha256}>
                              SHA-256 {e.sourceSha256.slice(0, 12)}…
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    {rows.length === 0 && <EmptyRow cols={8} text="No editions yet." />}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Paper>
            <EditionLoadForm editions={rows} />
            <SavedMappings />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
