import { Alert, Button, Grid, Group, Paper, Select, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { TemplateTrial } from '@verdant/contracts/email-processing/templates';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryPending } from '../../../components/query-state';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublishTemplate, useRerunRetailer, useTemplate, useTemplates, useTemplateTrial } from '../api';
import { bodyOf, type TemplateDraft, TemplateForm } from '../components/template-form';
import { TemplateTrials } from '../components/template-trials';

const failed = (error: unknown) => {
  if (!isSilentError(error)) showErrorBanner(errorMessage(error));
};

function TemplateEditor({ retailerId }: { retailerId: number }) {
  const detail = useTemplate(retailerId);
  const trial = useTemplateTrial(retailerId);
  const publish = usePublishTemplate(retailerId);
  const rerun = useRerunRetailer(retailerId);
  const [draft, setDraft] = useState<TemplateDraft>({ senders: '', patterns: {} });
  const [trials, setTrials] = useState<TemplateTrial[] | null>(null);
  const latest = detail.data?.versions[0];
  useEffect(() => {
    setDraft(
      latest
        ? { senders: latest.senders.join(', '), patterns: latest.patterns }
        : { senders: '', patterns: {} },
    );
    setTrials(null);
  }, [latest]);

  if (detail.isPending || detail.isError) return <QueryPending query={detail} />;
  const shown = trials ?? detail.data.trials;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {latest ? `Version ${latest.version} is in use` : 'No template yet'}
          </Text>
          <TemplateForm draft={draft} onChange={setDraft} />
          <Group mt="md" gap="sm">
            <Button
              variant="light"
              loading={trial.isPending}
              onClick={() =>
                trial.mutate(bodyOf(draft) as never, {
                  onSuccess: (a) => {
                    setTrials(a.trials);
                    if (a.invalid.length > 0)
                      showErrorBanner(a.invalid.map((i) => `${i.field}: ${i.error}`).join('; '));
                  },
                  onError: failed,
                })
              }
            >
              Try on parked items
            </Button>
            <Button
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(bodyOf(draft) as never, {
                  onSuccess: (v) => showSuccessBanner(`Version ${v.version} published`),
                  onError: failed,
                })
              }
            >
              Publish new version
            </Button>
            <Button
              variant="default"
              loading={rerun.isPending}
              disabled={detail.data.trials.length === 0}
              onClick={() =>
                rerun.mutate(undefined, {
                  onSuccess: (a) =>
                    showSuccessBanner(
                      `${a.scheduled} parked item${a.scheduled === 1 ? '' : 's'} scheduled for re-run`,
                    ),
                  onError: failed,
                })
              }
            >
              Re-run parked items
            </Button>
          </Group>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        {trials && (
          <Alert color="blue" mb="sm" variant="light">
            Read with the draft above (not published).
          </Alert>
        )}
        <TemplateTrials trials={shown} />
      </Grid.Col>
    </Grid>
  );
}

/** /email-processing/templates: a retailer's PDF template, tried on its parked items, published as a version. */
export function TemplatesPage() {
  useDocumentTitle('Retailer templates');
  const list = useTemplates();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('retailer')) || null;
  const first = list.data?.templates[0]?.retailerId ?? null;
  const retailerId = chosen ?? first;
  return (
    <>
      <PageHeader
        title="Retailer templates"
        description="How invoice PDFs from each retailer are read: patterns whose first group is the value."
        right={
          <Button
            component={Link}
            to="/email-processing"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            Email Processing
          </Button>
        }
      />
      {list.isPending || list.isError ? (
        <QueryPending query={list} />
      ) : (
        <>
          <Select
            label="Retailer"
            searchable
            maw={420}
            mb="md"
            data={list.data.retailers.map((r) => {
              const t = list.data.templates.find((x) => x.retailerId === r.id);
              return {
                value: String(r.id),
                label: t ? `${r.name} (version ${t.latest}, ${t.parked} parked)` : r.name,
              };
            })}
            value={retailerId === null ? null : String(retailerId)}
            onChange={(v) => v && setParams({ retailer: v })}
            allowDeselect={false}
          />
          {retailerId !== null && <TemplateEditor key={retailerId} retailerId={retailerId} />}
        </>
      )}
    </>
  );
}
