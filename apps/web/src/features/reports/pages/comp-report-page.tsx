import { Alert, Badge, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { formatDisplayDate } from '@verdant/domain/dates';
import { LIB } from '@verdant/domain/library-messages';
import {
  type CompPage,
  type CompPageClass,
  checkPages,
  compReportXml,
} from '@verdant/domain/reports/comp-report';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryPending } from '../../../components/query-state';
import { ScrollText } from '../../../components/scroll-text';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCompPageClasses, useCompReportChanges, useSavedCompReport } from '../comp-report-api';
import { CompAddPage } from '../components/comp-add-page';
import { CompPageCard } from '../components/comp-page-card';
import { CompPreview } from '../components/comp-preview';

const strip = (pages: CompPage[]) => pages.map((p) => ({ pageClass: p.pageClass, parameters: p.parameters }));

/**
 * The complimentary report editor (/reports/comp-report): the organisation's free report as pages and their
 * parameters, marked modified until saved; the preview draws it as the PDF it would send.
 */
export function CompReportPage() {
  useDocumentTitle('Complimentary Report');
  const classes = useCompPageClasses();
  const saved = useSavedCompReport();
  const { save, preview } = useCompReportChanges();
  const [draft, setDraft] = useState<CompPage[] | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [basis, setBasis] = useState<'restated' | 'original'>('restated');
  useEffect(() => {
    if (saved.data && draft === null) setDraft(strip(saved.data.pages));
  }, [saved.data, draft]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  if (!classes.data || !saved.data || draft === null)
    return <QueryPending query={classes.isError ? classes : saved} />;
  const all = classes.data as CompPageClass[];
  const xml = compReportXml(draft);
  const modified = JSON.stringify(draft) !== JSON.stringify(strip(saved.data.pages));
  const problem = checkPages(draft);
  const set = (i: number, page: CompPage) => setDraft(draft.map((p, j) => (j === i ? page : p)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...draft];
    const [page] = next.splice(i, 1);
    if (page) next.splice(i + by, 0, page);
    setDraft(next);
  };
  const doSave = () =>
    save.mutate(xml, {
      onSuccess: (answer) => showSuccessBanner(answer.message),
      onError: (e) => showErrorBanner(errorMessage(e)),
    });
  const doPreview = () =>
    preview.mutate(
      { xml, basis: saved.data?.basisOffered ? basis : 'restated' },
      {
        onSuccess: (blob) => setPreviewUrl(URL.createObjectURL(blob as Blob)),
        onError: (e) => showErrorBanner(errorMessage(e)),
      },
    );

  return (
    <Stack gap="md">
      <PageHeader
        title="Complimentary Report"
        description={
          saved.data.email
            ? `The organisation's free report, emailed to ${saved.data.email}. Choose its pages and their parameters.`
            : "The organisation's free report. Choose its pages and their parameters."
        }
        right={
          <Group gap="sm">
            {modified ? (
              <Badge color="orange" variant="light" size="lg">
                {LIB.compReportModified}
              </Badge>
            ) : (
              saved.data.savedAt && (
                <Text c="dimmed" fz="sm">
                  Saved {formatDisplayDate(saved.data.savedAt.slice(0, 10))}
                  {saved.data.savedBy ? ` by ${saved.data.savedBy}` : ''}
                </Text>
              )
            )}
            {saved.data.basisOffered && (
              // Offered once a restatement has moved the figures (docs/decisions/comp-report.md).
              <Select
                aria-label="Figures"
                title="Restated: emissions as they stand now. As originally reported: emissions as they stood before any restatement"
                w={220}
                allowDeselect={false}
                value={basis}
                onChange={(v) => setBasis(v === 'original' ? 'original' : 'restated')}
                data={[
                  { value: 'restated', label: 'Restated (current)' },
                  { value: 'original', label: 'As originally reported' },
                ]}
              />
            )}
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              onClick={doPreview}
              loading={preview.isPending}
              disabled={problem !== null}
            >
              Preview
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={doSave}
              loading={save.isPending}
              disabled={!modified || problem !== null}
            >
              Save
            </Button>
          </Group>
        }
      />
      {draft.length === 0 ? (
        <Text c="dimmed">{LIB.compReportNoPages}.</Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          aria-label="Report pages"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {draft.map((page, i) => (
            <CompPageCard
              // biome-ignore lint/suspicious/noArrayIndexKey: pages have no id of their own; a page may repeat
              key={`${page.pageClass}-${i}`}
              index={i}
              count={draft.length}
              page={page}
              pageClass={all.find((c) => c.pageClass === page.pageClass)}
              onChange={(p) => set(i, p)}
              onMove={(by) => move(i, by)}
              onRemove={() => setDraft(draft.filter((_, j) => j !== i))}
            />
          ))}
        </Stack>
      )}
      {problem && draft.length > 0 && <Alert color="yellow">{problem}</Alert>}
      <CompAddPage classes={all} onAdd={(page) => setDraft([...draft, page])} />
      <Box component="details">
        <Box component="summary" fz="sm" c="dimmed" style={{ cursor: 'pointer' }}>
          The report as XML
        </Box>
        <ScrollText label="The report as XML" mt="xs" fz="xs">
          {xml}
        </ScrollText>
      </Box>
      {previewUrl && <CompPreview url={previewUrl} />}
    </Stack>
  );
}
