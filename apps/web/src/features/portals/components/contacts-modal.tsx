import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { DataEntryPortal } from '@verdant/contracts/portals/shapes';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useSetContacts } from '../api';

/** The people asked for the portal's figures: an email each, no account. */
export function ContactsModal({ portal, onClose }: { portal: DataEntryPortal; onClose: () => void }) {
  const save = useSetContacts();
  const [text, setText] = useState(portal.contacts.join('\n'));
  const contacts = text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  return (
    <Modal opened onClose={onClose} title={`Contacts: ${portal.name}`} centered>
      <Stack>
        <Textarea
          label="Email addresses"
          description="One a line. Each is mailed the link when a period opens, and reminded before and after the due date."
          autosize
          minRows={3}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: portal.id, contacts },
                {
                  onSuccess: (a) => {
                    showSuccessBanner(a.message);
                    onClose();
                  },
                  onError: (error) => showErrorBanner(errorMessage(error)),
                },
              )
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
