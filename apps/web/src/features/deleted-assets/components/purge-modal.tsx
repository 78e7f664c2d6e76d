import { Button, Group, Modal, Text } from '@mantine/core';
import type { DeletedAsset } from '@verdant/contracts/deleted-assets';

/** Purging is the one step that cannot be taken back, so it asks first. */
export function PurgeModal({
  asset,
  onCancel,
  onConfirm,
}: {
  asset: DeletedAsset | null;
  onCancel: () => void;
  onConfirm: (asset: DeletedAsset) => void;
}) {
  return (
    <Modal opened={asset !== null} onClose={onCancel} title="Purge permanently" centered>
      <Text>{`Purge '${asset?.name ?? ''}' (${asset?.organisation ?? ''}) and everything recorded against it?`}</Text>
      <Text c="red" fz="sm" mt="xs">
        This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={() => asset && onConfirm(asset)}>
          Purge
        </Button>
      </Group>
    </Modal>
  );
}
