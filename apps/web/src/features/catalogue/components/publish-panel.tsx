import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Restatement } from '@verdant/contracts/catalogue-restatements';
import { useState } from 'react';
import { Link } from 'react-router';
import { RestatementPreview } from '../../../components/restatement-preview';
import { type JobType, RunWhenChoice, runWhenText } from '../../../components/run-when-choice';
import { errorMessage } from '../../../lib/api-errors';
import { useConfirmRestatement, usePublishEdition } from '../editions-api';

/**
 * Publishing a draft (docs/decisions/catalogue.md, Restatements): say why, read the restatement it would make,
 * then confirm it; the jobs centre applies it and this panel links there.
 */
export function PublishPanel({ editionId, draft }: { editionId: number; draft: boolean }) {
  const [reason, setReason] = useState('');
  const [proposal, setProposal] = useState<Restatement | null>(null);
  const [type, setType] = useState<JobType>(1);
  const publish = usePublishEdition();
  const confirm = useConfirmRestatement();
  const confirmed = confirm.data;
  // Once published (by this panel's confirmation or elsewhere) only a confirmation made here stays to be read.
  if (!draft && !proposal) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Publish
      </Title>
      {!proposal ? (
        <Stack gap="sm">
          <Text size="sm">
            Publishing may move figures already reported. First see what it would move; nothing changes until
            you confirm.
          </Text>
          <Textarea
            label="Why"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maw={640}
          />
          <Group>
            <Button
              disabled={!reason.trim()}
              loading={publish.isPending}
              onClick={() =>
                publish.mutate({ id: editionId, reason: reason.trim() }, { onSuccess: setProposal })
              }
            >
              Preview the restatement
            </Button>
          </Group>
          {publish.isError && (
            <Alert color="red" variant="light">
              {errorMessage(publish.error)}
            </Alert>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h5">
            The restatement it would make
          </Title>
          <RestatementPreview preview={proposal.preview} />
          {confirmed ? (
            <Alert color="teal" variant="light" title="Confirmed">
              {runWhenText(type, 'The Emission Factor Update is applying it.')}{' '}
              {confirmed.jobId && (
                <Anchor component={Link} to={`/tools/jobs/${confirmed.jobId}`}>
                  Watch it on Background Jobs
                </Anchor>
              )}
            </Alert>
          ) : (
            <Group>
              <RunWhenChoice value={type} onChange={setType} />
              <Button
                color="orange"
                loading={confirm.isPending}
                onClick={() => confirm.mutate({ id: proposal.id, type })}
              >
                Confirm and publish
              </Button>
              <Button variant="default" onClick={() => setProposal(null)} disabled={confirm.isPending}>
                Back
              </Button>
            </Group>
          )}
          {confirm.isError && (
            <Alert color="red" variant="light">
              {errorMessage(confirm.error)}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
