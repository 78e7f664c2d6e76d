import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { EmailedReport } from '@verdant/contracts/reports/emailed';
import { WEEKDAY_NAMES } from '@verdant/domain/reports/report-types';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { deleteEmailed, updateEmailed } from '../emailed-api';

const FREQUENCIES = { M: 'Monthly', W: 'Weekly', O: 'Once' } as const;

/**
 * An emailed report's row opened to edit (data-portal.md 2.9; 5, Emailed report address: sent only when the
 * addresses are valid and not empty): its recipients, subject, note, when it goes and its hold, or Stop.
 */
export function EmailedEditPanel({ row, onDone }: { row: EmailedReport; onDone: () => void }) {
  const [address, setAddress] = useState(row.emailAddress);
  const [subject, setSubject] = useState(row.subject);
  const [note, setNote] = useState(row.htmlText);
  const [frequency, setFrequency] = useState<'Monthly' | 'Weekly' | 'Once'>(FREQUENCIES[row.frequency]);
  const [day, setDay] = useState<number | string>(row.frequency === 'M' ? (row.reportOn ?? 1) : 1);
  const [weekday, setWeekday] = useState(String(row.frequency === 'W' ? (row.reportOn ?? 1) : 1));
  const [onceOn, setOnceOn] = useState<string | null>(row.onceOn);
  const [holdPercent, setHoldPercent] = useState<number | string>(row.holdPercent);
  const [holdDays, setHoldDays] = useState<number | string>(row.holdDays);
  const [skip, setSkip] = useState(row.skipWhenEmpty);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setProblem(null);
    setSaving(true);
    try {
      const saved = await updateEmailed(row.emailId, {
        address,
        subject,
        htmlText: note,
        frequency,
        on: frequency === 'Monthly' ? Number(day) : frequency === 'Weekly' ? Number(weekday) : (onceOn ?? ''),
        holdPercent: Number(holdPercent) || 0,
        holdDays: Number(holdDays) || 0,
        skipWhenEmpty: skip,
      });
      showSuccessBanner(`${saved.message}: ${saved.data.when}`);
      onDone();
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const stop = () =>
    modals.openConfirmModal({
      title: 'Stop this emailed report?',
      children: <Text fz="sm">{`${row.reportName} will no longer be emailed to ${row.emailAddress}.`}</Text>,
      labels: { confirm: 'Stop emailing', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteEmailed(row.emailId);
          showSuccessBanner('Emailed report stopped');
          onDone();
        } catch (error) {
          if (!isSilentError(error)) setProblem(errorMessage(error));
        }
      },
    });

  return (
    <Stack gap="xs" p="md">
      <TextInput
        label="Recipient(s)"
        description="Addresses separated by commas, semicolons or spaces"
        value={address}
        onChange={(e) => setAddress(e.currentTarget.value)}
      />
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          miw={200}
        />
        <Select
          label="Frequency"
          data={['Monthly', 'Weekly', 'Once']}
          value={frequency}
          onChange={(v) => v && setFrequency(v as typeof frequency)}
          allowDeselect={false}
          miw={140}
        />
        {frequency === 'Monthly' && (
          <NumberInput label="Send on day" min={1} max={31} value={day} onChange={setDay} miw={140} />
        )}
        {frequency === 'Weekly' && (
          <Select
            label="Send on weekday"
            data={WEEKDAY_NAMES.map((name, i) => ({ value: String(i), label: name }))}
            value={weekday}
            onChange={(v) => v !== null && setWeekday(v)}
            allowDeselect={false}
            miw={140}
          />
        )}
        {frequency === 'Once' && <DateField label="On" value={onceOn} onChange={setOnceOn} />}
      </Group>
      <Textarea
        label="Note"
        autosize
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        <NumberInput
          label="Wait until complete (%)"
          min={0}
          max={100}
          value={holdPercent}
          onChange={setHoldPercent}
          miw={140}
        />
        <NumberInput
          label="Wait at most (days)"
          min={0}
          max={60}
          value={holdDays}
          onChange={setHoldDays}
          miw={140}
        />
      </Group>
      <Checkbox
        label="Do not send when there is no data"
        checked={skip}
        onChange={(e) => setSkip(e.currentTarget.checked)}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="subtle" color="red" onClick={stop}>
          Stop emailing
        </Button>
        <Group>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving} disabled={address.trim().length < 5}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
