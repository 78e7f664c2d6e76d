import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { Transaction, TransactionInput } from '@verdant/contracts/data-sources/transactions';
import { TRANSACTION_NOTE_MAX } from '@verdant/domain/constants';
import { nowIn } from '@verdant/domain/time-zone';
import { type TransactionErrors, transactionErrors } from '@verdant/domain/transactions';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';

export interface Draft {
  date: string | null;
  time: string;
  quantity: number | '';
  cost: number | '';
  note: string;
}
export const EMPTY_DRAFT: Draft = { date: null, time: '', quantity: '', cost: '', note: '' };

export const draftOf = (t: Transaction): Draft => ({
  date: t.date,
  time: t.time ?? '',
  quantity: t.quantity,
  cost: t.cost ?? '',
  note: t.note ?? '',
});

export const bodyOf = (d: Draft, showsCost: boolean): TransactionInput => ({
  date: d.date ?? '',
  time: d.time.trim(),
  quantity: Number(d.quantity),
  cost: showsCost && d.cost !== '' ? Number(d.cost) : null,
  note: d.note.trim() === '' ? null : d.note.trim(),
});

interface FormProps {
  initial: Draft;
  meter: { meterType: number; meterOpen: string | null; timeZone: string; unit: string | null };
  /** The meter's other transactions (the edited one left out): a time already taken is refused. */
  others: readonly { date: string; time: string | null }[];
  saving: boolean;
  /** Messages the server gave by field. */
  serverErrors: TransactionErrors;
  onSave: (d: Draft) => void;
  onCancel: () => void;
  onDelete?: () => void;
  deleting?: boolean;
}

/**
 * The transaction form of the New Transaction dialog and of an opened row (data-portal 5): date, quantity
 * and (type 9) cost required; time HH:MM with hours 00 to 29; notes at most 50. A rule is shown once its field
 * is filled in, every rule once Save is pressed.
 */
export function TransactionForm(props: FormProps) {
  const { meter, others, saving, serverErrors, onSave, onCancel, onDelete, deleting } = props;
  const [d, setD] = useState(props.initial);
  const [tried, setTried] = useState(false);
  const showsCost = meter.meterType === 9;
  const errors = transactionErrors(
    {
      date: d.date,
      time: d.time,
      quantity: d.quantity === '' ? null : d.quantity,
      cost: d.cost === '' ? null : d.cost,
      note: d.note,
    },
    { ...meter, now: nowIn(meter.timeZone), others },
  );
  const filled = {
    date: d.date !== null,
    time: d.time !== '',
    quantity: d.quantity !== '',
    cost: d.cost !== '',
    note: true,
  };
  const shown = (key: keyof TransactionErrors) =>
    (tried || filled[key] ? errors[key] : undefined) ?? serverErrors[key];
  const save = () => {
    setTried(true);
    if (Object.keys(errors).length === 0) onSave(d);
  };
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <DateField
          label="Date"
          value={d.date}
          onChange={(date) => setD({ ...d, date })}
          error={shown('date')}
          required
        />
        <TextInput
          label="Time"
          placeholder="HH:MM"
          value={d.time}
          onChange={(e) => setD({ ...d, time: e.currentTarget.value })}
          error={shown('time')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={meter.unit ? `Quantity (${meter.unit})` : 'Quantity'}
          value={d.quantity}
          onChange={(v) => setD({ ...d, quantity: v === '' ? '' : Number(v) })}
          error={shown('quantity')}
          decimalScale={4}
          thousandSeparator=","
          min={0}
          required
        />
        {showsCost && (
          <NumberInput
            label="Cost ($)"
            value={d.cost}
            onChange={(v) => setD({ ...d, cost: v === '' ? '' : Number(v) })}
            error={shown('cost')}
            thousandSeparator=","
            min={0}
            required
          />
        )}
      </Group>
      <TextInput
        label="Notes"
        value={d.note}
        onChange={(e) => setD({ ...d, note: e.currentTarget.value })}
        error={shown('note')}
        description={`${d.note.length}/${TRANSACTION_NOTE_MAX}`}
      />
      <Group justify="space-between">
        {onDelete ? (
          <Button color="red" variant="light" onClick={onDelete} loading={deleting}>
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button loading={saving} onClick={save}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
