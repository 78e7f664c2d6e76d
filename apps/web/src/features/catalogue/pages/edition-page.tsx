import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EditionDiff } from '../components/edition-diff';
import { coversText, EDITION_COLOURS } from '../components/edition-status';
import { UnmappedRows } from '../components/factor-mappings';
import { PublishPanel } from '../components/publish-panel';
import { useDiscardEdition, useEdition } from '../editions-api';

/** /setup/editions/{id}: one edition, what it changes against the previous one, and (a draft) its publication. */
export function EditionPage() {
  const id = Number(useParams().id);
  const productAdmin = useSession()?.user.productAdmin === true;
  const [threshold, setThreshold] = useState(5);
  const edition = useEdition(productAdmin && Number.isInteger(id) && id > 0 ? id : null, threshold);
  const discard = useDiscardEdition();
  const navigate = useNavigate();
  useDocumentTitle(edition.data?.name ?? 'Factor Editions');
  const back = (
    <Anchor component={Link} to="/setup/editions" size="sm">
      Factor Editions
    </Anchor>
  );
  if (!productAdmin)
    return (
      <PageHeader
        title="Factor Editions"
        description="Emission factor editions are kept by the product administrators."
      />
    );
  return (
    <>
      <PageHeader title={edition.data?.name ?? 'Edition'} description={back} />
      <QueryState query={edition}>
        {(e) => (
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
                <Text size="sm">
                  <Badge
                    color={EDITION_COLOURS[e.status]}
                    variant={e.status === 'superseded' ? 'default' : 'light'}
                  >
                    {e.status}
                  </Badge>
                </Text>
                <Text size="sm">Publisher: {e.publisher}</Text>
                <Text size="sm">Published: {e.published ?? 'not given'}</Text>
                <Text size="sm">
                  Covers: {coversText(e)} · {e.gwpSet}
                </Text>
                <Text size="sm">Factors: {e.factorCount.toLocaleString()}</Text>
                <Text size="sm" lineClamp={2}>
                  Source:{' '}
                  {e.sourceUrl ? (
                    <Anchor href={e.sourceUrl}>{e.sourceTitle ?? e.sourceUrl}</Anchor>
                  ) : (
                    (e.sourceTitle ?? 'not given')
                  )}
                </Text>
                {e.sourceSha256 && (
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    SHA-256 {e.sourceSha256}
                  </Text>
                )}
              </SimpleGrid>
              {e.changelog && (
                <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {e.changelog}
                </Text>
              )}
              {e.skipped.length > 0 && (
                <Text size="xs" c="dimmed" mt="xs">
                  {e.skipped.length === 1
                    ? '1 row of the file was left out'
                    : `${e.skipped.length.toLocaleString('en-NZ')} rows of the file were left out`}{' '}
                  (other measures, or no value).
                </Text>
              )}
            </Paper>
            <UnmappedRows
              layout={e.layout as 'documented' | 'desnz-flat' | 'mfe-long' | null}
              rows={e.unmapped}
            />
            <EditionDiff diff={e.diff} threshold={threshold} onThreshold={setThreshold} />
            <PublishPanel editionId={e.id} draft={e.status === 'draft'} />
            {e.status === 'draft' && (
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  loading={discard.isPending}
                  onClick={() =>
                    discard.mutate(e.id, {
                      onSuccess: () => {
                        showSuccessBanner(`${e.name} discarded`);
                        navigate('/setup/editions');
                      },
                      onError: (error) => showErrorBanner(errorMessage(error)),
                    })
                  }
                >
                  Discard this draft
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
