import { Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions, FormError } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useBulkAction } from '../api';

interface BulkModalProps {
  opened: boolean;
  onClose: () => void;
  ids: number[];
  onDone: () => void;
}

/** Bulk Set Data Source Open Date (spec 5): a date is required; move earlier (default on) and/or later. */
export function BulkOpenDateModal({ opened, onClose, ids, onDone }: BulkModalProps) {
  const bulk = useBulkAction();
  const [date, setDate] = useState<string | null>(null);
  const [earlier, setEarlier] = useState(true);
  const [later, setLater] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError('A date is required');
    setError(null);
    bulk.mutate(
      { action: 'open-date', ids, data: date, moveIfAfter: earlier, moveIfBefore: later },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Bulk Set Data Source Open Date" centered>
      <Stack>
        <Text fz="sm">{`${ids.length} data source${ids.length === 1 ? '' : 's'} selected.`}</Text>
        <DateField
          label="Open date"
          value={date}
          onChange={(value) => {
            setDate(value);
            setError(null);
          }}
          required
        />
        <Checkbox
          label="Move earlier"
          description="Change open dates that are after this date"
          checked={earlier}
          onChange={(e) => setEarlier(e.currentTarget.checked)}
        />
        <Checkbox
          label="Move later"
          description="Change open dates that are before this date"
          checked={later}
          onChange={(e) => setLater(e.currentTarget.checked)}
        />
        <FormError>{error}</FormError>
        <FormActions onCancel={onClose} onClick={submit} loading={bulk.isPending} disabled={ids.length === 0}>
          Set Open Date
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** Delete and don't load in the future (spec 5): needs the 'I'm sure' tick. */
export function BulkDeleteModal({ opened, onClose, ids, onDone }: BulkModalProps) {
  const bulk = useBulkAction();
  const [sure, setSure] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    bulk.mutate(
      { action: 'delete-and-omit', ids },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          setSure(false);
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Delete and don't load in the future" centered>
      <Stack>
        <Text fz="sm">
          {`${ids.length} data source${ids.length === 1 ? '' : 's'} will be removed, and future data loads will skip ${ids.length === 1 ? 'its account' : 'their accounts'}.`}
        </Text>
        <Checkbox label="I'm sure" checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} />
        <FormError>{error}</FormError>
        <FormActions
          onCancel={onClose}
          color="red"
          onClick={submit}
          loading={bulk.isPending}
          disabled={!sure || ids.length === 0}
        >
          Delete and Don't Load
        </FormActions>
      </Stack>
    </Modal>
  );
}
