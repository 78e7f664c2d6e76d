import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { PortalReceipt } from '@verdant/contracts/portals/public';

/** The receipt on screen: what was accepted, when, and its reference. */
export function PublicReceipt({ answer, onBack }: { answer: PortalReceipt; onBack: () => void }) {
  const { receipt } = answer;
  return (
    <Stack gap="md" role="region" aria-label="Receipt">
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" title={answer.message}>
        {`${receipt.portal}, ${receipt.period}`}
      </Alert>
      <Text fw={600}>Figures accepted</Text>
      <List>
        {receipt.figures.map((f) => (
          <List.Item
            key={f.quantity}
          >{`${f.quantity}: ${f.value.toLocaleString('en-NZ')}${f.unit ? ` ${f.unit}` : ''}`}</List.Item>
        ))}
      </List>
      {receipt.attachment && <Text fz="sm">{`Attachment: ${receipt.attachment}`}</Text>}
      <Text fz="sm">{`Reference: ${receipt.reference}`}</Text>
      <Text fz="sm">{`Received: ${new Date(receipt.receivedAt).toLocaleString('en-NZ')}`}</Text>
      {receipt.emailedTo && <Text fz="sm">{`A copy was emailed to ${receipt.emailedTo}.`}</Text>}
      <Text fz="sm" c="dimmed">
        The figures are reviewed before they count; you will hear if one is sent back.
      </Text>
      <Button variant="default" onClick={onBack}>
        Back to the portal
      </Button>
    </Stack>
  );
}
