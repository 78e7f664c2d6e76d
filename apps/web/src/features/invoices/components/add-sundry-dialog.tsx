import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ITEM_DESCRIPTION_MAX, SUNDRY_HELPER_GST_PERCENT } from '@verdant/domain/constants';
import { formatMoney, toCents } from '@verdant/domain/invoices/money';
import { sundryGstCents } from '@verdant/domain/invoices/sundry';
import { useState } from 'react';
import { MoneyText } from './fields';

/**
 * Add Sundry (data-portal.md 2.4, 9): a sundry line on an invoice that is not editable otherwise, with the 15%
 * GST the helper assumes shown before it is added. It joins the invoice's Sundry items; Save changes stores it.
 */
export function AddSundryDialog({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (description: string, total: string) => void;
}) {
  const [description, setDescription] = useState('Sundry');
  const [cost, setCost] = useState('');
  const cents = toCents(cost);
  const gst = cents === null ? null : sundryGstCents(cents);
  const ready = cents !== null && cents !== 0 && description.trim() !== '';
  return (
    <Modal opened={opened} onClose={onClose} title="Add Sundry" centered>
      <Stack>
        <TextInput
          label="Description"
          value={description}
          maxLength={ITEM_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.currentTarget.value)}
          required
        />
        <MoneyText label="Cost (GST excl)" value={cost} onValue={setCost} required data-autofocus />
        <Text size="sm" aria-live="polite">
          {gst === null || cents === null
            ? `GST at ${SUNDRY_HELPER_GST_PERCENT}% is added to the invoice's GST.`
            : `GST ${formatMoney(gst)} (${SUNDRY_HELPER_GST_PERCENT}%); Total Payable rises by ${formatMoney(cents + gst)}.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            onClick={() => {
              if (cents === null) return;
              onAdd(description.trim(), cost.includes('.') ? cost : `${cost}.00`);
              setCost('');
              onClose();
            }}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
