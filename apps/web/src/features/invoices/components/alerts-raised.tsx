import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  REPORT_STATUS,
  REPORT_STATUS_LABELS,
  type InvoiceAlert as StoredAlert,
} from '@verdant/contracts/invoices/alerts';
import type { InvoiceAlert } from '@verdant/contracts/invoices/entry';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useResolveAlert } from '../../../components/alerts-api';
import { FormActions } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useInvoiceAlerts, useRefreshInvoiceAlerts, useResetInvoiceAlert } from '../invoice-api';

type Review = { alert: StoredAlert; action: 'schedule' | 'delete' };

/**
 * The invoice page's Alerts raised table (spec 2.4): each bill-audit alert of this invoice on this data source
 * with its reportStatus. An Unreviewed alert can be scheduled for sending (optional comment) or marked Won't
 * Send (with a reason); only a Won't Send alert shows Reset (spec 4), which takes it back to Unreviewed. A new
 * invoice shows the alerts its arithmetic would raise, not yet saved.
 */
export function AlertsRaised({
  meterId,
  invoiceId,
  unsaved,
  mayEdit,
}: {
  meterId: number;
  invoiceId: number | null;
  unsaved: InvoiceAlert[];
  mayEdit: boolean;
}) {
  const stored = useInvoiceAlerts(meterId, invoiceId !== null);
  const reset = useResetInvoiceAlert();
  const resolve = useResolveAlert(meterId);
  const refreshAlerts = useRefreshInvoiceAlerts();
  const [review, setReview] = useState<Review | null>(null);
  const [comment, setComment] = useState('');

  const rows: {
    key: string;
    name: string | null;
    details: string;
    status: string;
    alert: StoredAlert | null;
  }[] =
    invoiceId === null
      ? unsaved.map((a, i) => ({
          key: `new-${i}`,
          name: null,
          details: a.details,
          status: 'Not yet saved',
          alert: null,
        }))
      : (stored.data ?? [])
          .filter((a) => a.invoiceId === invoiceId)
          .map((a) => ({
            key: String(a.id),
            name: a.name,
            details: a.details,
            status: REPORT_STATUS_LABELS[a.reportStatus] ?? String(a.reportStatus),
            alert: a,
          }));

  const onReset = (alert: StoredAlert) =>
    reset.mutate(alert.id ?? 0, {
      onSuccess: () => showSuccessBanner(MSG.invoiceAlertReset),
      onError: (e) => showErrorBanner(errorMessage(e) || MSG.invoiceAlertResetFailed),
    });
  const onReview = () => {
    if (!review) return;
    const { alert, action } = review;
    resolve.mutate(
      { alertId: alert.id ?? 0, action, body: { comment: comment.trim() || null } },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          setReview(null);
        },
        onError: () =>
          showErrorBanner(action === 'schedule' ? MSG.alertScheduleFailed : MSG.alertDeleteFailed),
        onSettled: () => refreshAlerts(),
      },
    );
  };
  const open = (alert: StoredAlert, action: Review['action']) => {
    setComment('');
    setReview({ alert, action });
  };

  const actions = mayEdit && invoiceId !== null;
  const actionsOf = (alert: StoredAlert) =>
    alert.reportStatus === REPORT_STATUS.unreviewed ? (
      <Group gap={6}>
        <Button size="compact-xs" variant="light" onClick={() => open(alert, 'schedule')}>
          Schedule
        </Button>
        <Button size="compact-xs" variant="light" color="red" onClick={() => open(alert, 'delete')}>
          Won't Send
        </Button>
      </Group>
    ) : alert.reportStatus === REPORT_STATUS.wontSend ? (
      <Button
        size="compact-xs"
        variant="default"
        loading={reset.isPending && reset.variables === alert.id}
        onClick={() => onReset(alert)}
      >
        Reset
      </Button>
    ) : null;

  return (
    <Stack gap={4} mt="xl" component="section" aria-label="Alerts raised">
      <Title order={3} fz="md" tt="uppercase" lts={1}>
        Alerts raised
      </Title>
      {invoiceId !== null && stored.isPending ? (
        <Loader size="sm" aria-label="Loading the alerts raised" />
      ) : stored.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(stored.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No alerts raised for this invoice.
        </Text>
      ) : (
        <Table verticalSpacing={6} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alert</Table.Th>
              <Table.Th w={150} visibleFrom="sm">
                Status
              </Table.Th>
              {actions && (
                <Table.Th w={210} visibleFrom="sm">
                  Action
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key} aria-label={r.name ?? r.details}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {r.name && (
                    <Text size="sm" fw={600}>
                      {r.name}
                    </Text>
                  )}
                  <Text size="sm">{r.details}</Text>
                  {/* On a phone the status and the actions sit under the alert. */}
                  <Group gap={6} mt={6} hiddenFrom="sm">
                    <Badge variant="light" color="gray">
                      {r.status}
                    </Badge>
                    {actions && r.alert && actionsOf(r.alert)}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{r.status}</Text>
                </Table.Td>
                {actions && <Table.Td visibleFrom="sm">{r.alert && actionsOf(r.alert)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={review !== null}
        onClose={() => setReview(null)}
        title={review?.action === 'delete' ? "Won't send this alert" : 'Schedule this alert for sending'}
        centered
      >
        <Stack>
          <Text size="sm">{review?.alert.details}</Text>
          <Textarea
            label={review?.action === 'delete' ? 'Reason' : 'Comment (optional)'}
            value={comment}
            autosize
            minRows={2}
            maxLength={1000}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <FormActions
            onCancel={() => setReview(null)}
            color={review?.action === 'delete' ? 'red.9' : undefined}
            disabled={review?.action === 'delete' && !comment.trim()}
            loading={resolve.isPending}
            onClick={onReview}
          >
            {review?.action === 'delete' ? "Won't Send" : 'Schedule'}
          </FormActions>
        </Stack>
      </Modal>
    </Stack>
  );
}
