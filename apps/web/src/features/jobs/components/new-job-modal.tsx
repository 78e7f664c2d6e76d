import { Checkbox, Group, Modal, Stack, Textarea } from '@mantine/core';
import { newJob } from '@verdant/contracts/jobs';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useCreateJob } from '../api';

/** New Job: a dated task; administrators may mark it as a contracted permanent job. */
export function NewJobModal({
  opened,
  onClose,
  mayAddPermanent,
}: {
  opened: boolean;
  onClose: () => void;
  mayAddPermanent: boolean;
}) {
  const create = useCreateJob();
  const today = useOrganisationToday();
  const [dateFrom, setDateFrom] = useState<string | null>(today);
  const [dateTill, setDateTill] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [permanent, setPermanent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function reset() {
    setDateFrom(today);
    setDateTill(null);
    setText('');
    setPermanent(false);
    setErrors({});
  }

  function close() {
    reset();
    onClose();
  }

  function save() {
    const body = { dateFrom: dateFrom ?? '', dateTill, text, permanent };
    const parsed = newJob.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: () => {
        showSuccessBanner('Job added');
        close();
      },
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title="New Job" centered size="lg">
      <Stack>
        <Group grow align="flex-start">
          <DateField
            label="Date from"
            required
            value={dateFrom}
            onChange={setDateFrom}
            error={errors.dateFrom}
          />
          <DateField
            label="Date till"
            description="Optional"
            clearable
            value={dateTill}
            onChange={setDateTill}
            error={errors.dateTill}
          />
        </Group>
        <Textarea
          label="Text"
          required
          autosize
          minRows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errors.text}
          data-autofocus
        />
        {mayAddPermanent && (
          <Checkbox
            label="Contracted permanent job (cannot be deleted)"
            checked={permanent}
            onChange={(event) => setPermanent(event.currentTarget.checked)}
          />
        )}
        <FormActions onCancel={close} onClick={save} loading={create.isPending}>
          Add job
        </FormActions>
      </Stack>
    </Modal>
  );
}
