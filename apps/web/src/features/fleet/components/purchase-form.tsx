import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { FuelPurchase } from '@verdant/contracts/fleet/purchases';
import { FUEL_PURCHASE_TIME } from '@verdant/domain/vehicles';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';

/** A purchase as typed: empty number fields are ''. */
export interface Draft {
  date: string | null;
  time: string;
  odo: number | '';
  cost: number | '';
  quantity: number | '';
}
export const EMPTY: Draft = { date: null, time: '', odo: '', cost: '', quantity: '' };

/** The purchase form of the New Fuel Purchase modal and of an expanded row. */
export function PurchaseForm({
  initial,
  saving,
  onSave,
  onCancel,
  onDelete,
  deleting,
}: {
  initial: Draft;
  saving: boolean;
  onSave: (d: Draft) => void;
  onCancel: () => void;
  onDelete?: () => void;
  deleting?: boolean;
}) {
  const [d, setD] = useState(initial);
  const filled =
    d.date !== null &&
    /^\d{4}-\d{2}-\d{2}$/.test(d.date) &&
    d.odo !== '' &&
    d.cost !== '' &&
    d.quantity !== '';
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <DateField label="Date" value={d.date} onChange={(date) => setD({ ...d, date })} required />
        <TextInput
          label="Time"
          placeholder="HH:MM"
          value={d.time}
          onChange={(e) => setD({ ...d, time: e.currentTarget.value })}
          // An incomplete time is cleared when the field is left (data-portal 5).
          onBlur={() => !FUEL_PURCHASE_TIME.test(d.time) && setD((x) => ({ ...x, time: '' }))}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Odometer (km)"
          value={d.odo}
          onChange={(v) => setD({ ...d, odo: v === '' ? '' : Number(v) })}
          allowDecimal={false}
          min={0}
          required
        />
        <NumberInput
          label="Quantity"
          value={d.quantity}
          onChange={(v) => setD({ ...d, quantity: v === '' ? '' : Number(v) })}
          decimalScale={3}
          min={0}
          required
        />
        <NumberInput
          label="Cost ($)"
          value={d.cost}
          onChange={(v) => setD({ ...d, cost: v === '' ? '' : Number(v) })}
          decimalScale={2}
          min={0}
          required
        />
      </Group>
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
          <Button disabled={!filled} loading={saving} onClick={() => onSave(d)}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** An existing purchase as the form's draft; a negative odometer shows as empty, as in the table. */
export const draftOf = (p: FuelPurchase): Draft => ({
  date: p.date,
  time: p.time ?? '',
  odo: p.odo < 0 ? '' : p.odo,
  cost: p.cost,
  quantity: p.quantity,
});
