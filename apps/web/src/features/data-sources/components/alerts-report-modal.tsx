import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { AlertsReport } from '@verdant/contracts/data-sources/list';
import { useState } from 'react';
import { FormError } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { runAlertsReport } from '../api';

/** Send Alerts Report Now (product administrators): a dry run says what would go, then Send sends it. */
export function AlertsReportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [report, setReport] = useState<AlertsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await runAlertsReport(dryRun);
      setReport(answer);
      if (!dryRun) {
        showSuccessBanner(answer.message);
        onClose();
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Send Alerts Report Now" centered size="lg">
      <Stack>
        <Text fz="sm">
          Emails every alert scheduled for sending, in every organisation, to its recipients. Try a dry run
          first to see what would be sent.
        </Text>
        {report && (
          <Stack gap={4} role="status">
            <Text fw={500}>{report.message}</Text>
            <List size="sm">
              {report.emails.map((e) => (
                <List.Item key={`${e.organisation}|${e.recipients.join(',')}`}>
                  {`${e.organisation}: ${e.alerts} alerts on ${e.meters} data sources to ${e.recipients.join(', ')}`}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void run(true)} loading={busy}>
            Dry run
          </Button>
          <Button onClick={() => void run(false)} loading={busy} disabled={!report}>
            Send now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
