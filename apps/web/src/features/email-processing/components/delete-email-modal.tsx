import { Button, Group, Modal, Text } from '@mantine/core';
import type { ParkedEmail } from '@verdant/contracts/email-processing/queues';

/** Deleting takes the email off the queue for good, so it asks first. */
export function DeleteEmailModal({
  item,
  onCancel,
  onConfirm,
}: {
  item: ParkedEmail | null;
  onCancel: () => void;
  onConfirm: (item: ParkedEmail) => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onCancel} title="Delete email" centered>
      <Text>{`Delete '${item?.filename ?? ''}' (${item?.organisation.name ?? ''}) from the ${item?.queue ?? ''} queue?`}</Text>
      <Text c="dimmed" fz="sm" mt="xs">
        It is recorded in the rejected log.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={() => item && onConfirm(item)}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
