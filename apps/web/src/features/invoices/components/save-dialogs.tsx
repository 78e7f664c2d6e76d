import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { InvoiceAlert } from '@verdant/contracts/invoices/entry';
import { MSG } from '@verdant/domain/messages';
import { FormActions } from '../../../components/form-actions';
import { saveFile } from '../../../lib/download';

/** 'Alerts will be raised': the dry run's alerts, then Continue Save or Edit Invoice (spec 4, Invoice save). */
export function AlertsDialog({
  alerts,
  busy,
  onContinue,
  onEdit,
}: {
  alerts: InvoiceAlert[] | null;
  busy: boolean;
  onContinue: () => void;
  onEdit: () => void;
}) {
  return (
    <Modal opened={alerts !== null} onClose={onEdit} title="Alerts will be raised" centered>
      <Stack>
        <Text size="sm">Saving this invoice will raise these alerts:</Text>
        <List size="sm" spacing={4}>
          {(alerts ?? []).map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: alerts of a dry run have no ids
            <List.Item key={i}>{a.details}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onEdit}>
            Edit Invoice
          </Button>
          <Button onClick={onContinue} loading={busy}>
            Continue Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Error dialog of a failed save: the message, and the invoice as a JSON file for debugging (spec 8). */
export function SaveErrorDialog({
  message,
  invoice,
  onClose,
}: {
  message: string | null;
  invoice: unknown;
  onClose: () => void;
}) {
  return (
    <Modal opened={message !== null} onClose={onClose} title="Error" centered>
      <Stack>
        <Text size="sm">{MSG.invoiceSaveFailed}</Text>
        <Text size="sm" fw={600} role="alert">
          {message}
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() =>
            saveFile(
              new Blob([JSON.stringify(invoice, null, 2)], { type: 'application/json' }),
              'invoice.json',
            )
          }
        >
          Save the invoice as JSON
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Delete Invoice, confirmed: its figures leave the data source's totals. */
export function DeleteInvoiceDialog({
  opened,
  name,
  busy,
  onDelete,
  onClose,
}: {
  opened: boolean;
  name: string | number | null;
  busy: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete Invoice" centered>
      <Stack>
        <Text size="sm">Delete invoice {name}? Its figures leave the data source's totals.</Text>
        <FormActions onCancel={onClose} color="red.9" onClick={onDelete} loading={busy}>
          Delete Invoice
        </FormActions>
      </Stack>
    </Modal>
  );
}
