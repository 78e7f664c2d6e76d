import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import type { DataEntryPortal } from '@verdant/contracts/portals/shapes';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useUpdatePortal } from '../api';

const dayCount = (v: string | number) => (typeof v === 'number' ? v : Number.parseInt(v, 10) || 0);

/**
 * The link's last day and the reminders (docs/decisions/portals.md, Link and reminder settings on screen):
 * figures are due some days after a period ends; contacts are reminded some days before the due date and told
 * some days after it.
 */
export function LinkSettingsModal({ portal, onClose }: { portal: DataEntryPortal; onClose: () => void }) {
  const update = useUpdatePortal();
  const [lastDay, setLastDay] = useState(portal.link.expiresOn ?? '');
  const [dueDays, setDueDays] = useState(portal.dueDays);
  const [before, setBefore] = useState(portal.remindBeforeDays);
  const [after, setAfter] = useState(portal.remindAfterDays);
  const save = () =>
    update.mutate(
      {
        id: portal.id,
        body: {
          name: portal.name,
          linkExpiresOn: lastDay === '' ? null : lastDay,
          dueDays,
          remindBeforeDays: before,
          remindAfterDays: after,
        },
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (error) => showErrorBanner(errorMessage(error)),
      },
    );
  const days = { min: 0, max: 90, allowDecimal: false, allowNegative: false, suffix: ' days' };
  return (
    <Modal opened onClose={onClose} title={`Link and reminders: ${portal.name}`} centered>
      <Stack>
        <Group align="flex-end" gap="xs">
          <DateField
            label="Last day the link works"
            description="Leave empty for a link that does not expire"
            value={lastDay || null}
            onChange={(value) => setLastDay(value ?? '')}
            style={{ flex: 1 }}
          />
          <Button variant="default" onClick={() => setLastDay('')} disabled={lastDay === ''}>
            No last day
          </Button>
        </Group>
        <NumberInput
          label="Figures are due"
          description="Days after the period ends"
          value={dueDays}
          onChange={(v) => setDueDays(dayCount(v))}
          {...days}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Remind contacts"
            description="Days before the due date"
            value={before}
            onChange={(v) => setBefore(dayCount(v))}
            {...days}
          />
          <NumberInput
            label="Tell contacts it is late"
            description="Days after the due date"
            value={after}
            onChange={(v) => setAfter(dayCount(v))}
            {...days}
          />
        </Group>
        <Text fz="xs" c="dimmed">
          Each contact receives one request when a period ends, then a reminder and a late notice while
          figures are missing.
        </Text>
        <FormActions onCancel={onClose} onClick={save} loading={update.isPending}>
          Save
        </FormActions>
      </Stack>
    </Modal>
  );
}
