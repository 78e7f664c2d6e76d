import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { EditionPolicy, Restatement } from '@verdant/contracts/catalogue-restatements';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { RestatementPreview } from '../../../components/restatement-preview';
import { type JobType, RunWhenChoice, runWhenText } from '../../../components/run-when-choice';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useConfirmPolicy, useProposePolicy } from '../restatements-api';

type Pin = { reportingYear: number | string; editionId: string | null };

/**
 * Which editions the organisation uses (docs/decisions/catalogue.md, Which edition an organisation uses):
 * effective-dated, or pinned from a switch date with one edition per publisher for a reporting year. A change
 * moves past figures, so it is previewed as a restatement and confirmed.
 */
export function EditionChoice({ policy }: { policy: EditionPolicy }) {
  const [mode, setMode] = useState(policy.mode);
  const [switchDate, setSwitchDate] = useState<string | null>(policy.switchDate);
  const [pins, setPins] = useState<Pin[]>(
    policy.pins.map((p) => ({ reportingYear: p.reportingYear, editionId: String(p.editionId) })),
  );
  const [reason, setReason] = useState('');
  const [proposal, setProposal] = useState<Restatement | null>(null);
  const [type, setType] = useState<JobType>(1);
  const propose = useProposePolicy();
  const confirm = useConfirmPolicy();
  const fields = propose.error instanceof ApiError ? propose.error.fields : {};
  const editions = policy.editions.map((e) => ({ value: String(e.id), label: `${e.name} (${e.status})` }));

  function preview() {
    propose.mutate(
      {
        mode,
        switchDate: mode === 'pinned' ? switchDate : null,
        pins:
          mode === 'pinned'
            ? pins
                .filter((p) => typeof p.reportingYear === 'number' && p.editionId)
                .map((p) => ({ reportingYear: Number(p.reportingYear), editionId: Number(p.editionId) }))
            : [],
        reason: reason.trim(),
      },
      { onSuccess: setProposal },
    );
  }

  if (proposal)
    return (
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          The restatement this choice would make
        </Text>
        <RestatementPreview preview={proposal.preview} />
        {confirm.data ? (
          <Alert color="teal" variant="light" title="Confirmed">
            {runWhenText(type, 'It is being applied.')}{' '}
            {confirm.data.jobId && (
              <Anchor component={Link} to={`/tools/jobs/${confirm.data.jobId}`}>
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
              onClick={() => confirm.mutate({ restatementId: proposal.id, type })}
            >
              Confirm the change
            </Button>
            <Button variant="default" onClick={() => setProposal(null)}>
              Back
            </Button>
          </Group>
        )}
        {confirm.isError && <Alert color="red">{errorMessage(confirm.error)}</Alert>}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Which editions"
        value={mode}
        onChange={(v) => setMode(v as EditionPolicy['mode'])}
        data={[
          { value: 'effective', label: 'Effective-dated' },
          { value: 'pinned', label: 'Pinned' },
        ]}
        maw={360}
      />
      <Text size="sm" c="dimmed">
        {mode === 'effective'
          ? 'Each period takes the edition current for it; a later edition of past years restates them.'
          : 'From the switch date, each reporting year named takes the edition pinned for it; other years stay effective-dated.'}
      </Text>
      {mode === 'pinned' && (
        <>
          <DateField
            label="Switch date"
            value={switchDate}
            onChange={setSwitchDate}
            maw={220}
            error={fields.switchDate?.[0]}
          />
          {pins.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pins are edited in place and have no id yet
            <Group key={i} gap="xs" align="end" wrap="nowrap">
              <NumberInput
                label="Reporting year"
                min={1990}
                max={2100}
                w={140}
                value={p.reportingYear}
                onChange={(v) => setPins(pins.map((x, j) => (j === i ? { ...x, reportingYear: v } : x)))}
              />
              <Select
                label="Edition"
                data={editions}
                value={p.editionId}
                onChange={(v) => setPins(pins.map((x, j) => (j === i ? { ...x, editionId: v } : x)))}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                aria-label="Remove this year"
                onClick={() => setPins(pins.filter((_, j) => j !== i))}
                mb={4}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => setPins([...pins, { reportingYear: '', editionId: null }])}
            >
              Pin a year
            </Button>
          </Group>
          {fields.pins && (
            <Text size="sm" c="red">
              {fields.pins[0]}
            </Text>
          )}
        </>
      )}
      <Textarea label="Why" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maw={640} />
      <Group>
        <Button disabled={!reason.trim()} loading={propose.isPending} onClick={preview}>
          Preview the restatement
        </Button>
      </Group>
      {propose.isError && !fields.pins && !fields.switchDate && (
        <Alert color="red">{errorMessage(propose.error)}</Alert>
      )}
    </Stack>
  );
}
