import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { OWN_SET_MSG, OWN_SET_NAME_MAX, ownSetName } from '@verdant/domain/own-factor-sets';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useAugmentFactors } from '../restatements-api';

/**
 * Augment Factors (core-portal.md): the organisation's own factor set, its name at most 50 characters; the set
 * is named "{name} Factors", by the name's initials when that would be longer. The server's message on failure.
 */
export function AugmentFactorsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const augment = useAugmentFactors();
  const trimmed = name.trim();
  const error =
    name && !trimmed
      ? OWN_SET_MSG.nameRequired
      : name.length > OWN_SET_NAME_MAX
        ? OWN_SET_MSG.nameTooLong
        : null;
  const close = () => {
    setName('');
    augment.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Augment Factors">
      <Stack gap="sm">
        <Text size="sm">
          Your own emission factors, for what you measure or your suppliers tell you. Where your set has no
          factor for a day, the default factors apply.
        </Text>
        <TextInput
          label="Name"
          required
          maxLength={OWN_SET_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error ?? (augment.isError ? errorMessage(augment.error) : undefined)}
          description={trimmed ? `The set will be named ${ownSetName(trimmed)}` : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!trimmed || error !== null}
            loading={augment.isPending}
            onClick={() =>
              augment.mutate(trimmed, {
                onSuccess: (answer) => {
                  showSuccessBanner(answer.message);
                  close();
                },
              })
            }
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
