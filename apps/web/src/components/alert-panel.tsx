import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../lib/banners';
import { useMeterAlerts, useResolveAlert } from './alerts-api';

/**
 * The alert panel of a row (spec 2.1, 4): each pending alert can be scheduled for sending (with an optional
 * comment) or deleted with a reason; either takes it off the list and updates the count.
 */
export function AlertPanel({ meterId, name, mayEdit }: { meterId: number; name: string; mayEdit: boolean }) {
  const alerts = useMeterAlerts(meterId);
  const resolve = useResolveAlert(meterId);
  const [comments, setComments] = useState<Record<number, string>>({});

  const act = (alertId: number, action: 'schedule' | 'delete') =>
    resolve.mutate(
      { alertId, action, body: { comment: comments[alertId]?.trim() || null } },
      {
        onSuccess: (answer) => showSuccessBanner(answer.message),
        onError: () =>
          showErrorBanner(action === 'schedule' ? MSG.alertScheduleFailed : MSG.alertDeleteFailed),
      },
    );

  if (alerts.isPending) return <Loader size="sm" aria-label={`Loading alerts of ${name}`} />;
  if (alerts.isError)
    return (
      <Alert color="red" variant="light">
        {errorMessage(alerts.error)}
      </Alert>
    );
  return (
    <Stack gap="sm" role="region" aria-label={`Alerts of ${name}`}>
      {alerts.data.length === 0 && (
        <Text fz="sm" c="dimmed">
          No open alerts.
        </Text>
      )}
      {alerts.data.map((a) => (
        <Group
          key={a.id}
          align="flex-end"
          justify="space-between"
          wrap="wrap"
          gap="sm"
          role="group"
          aria-label={a.message}
        >
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Text fz="sm" fw={500}>
              {a.link ? (
                <Anchor component={Link} to={a.link}>
                  {a.message}
                </Anchor>
              ) : (
                a.message
              )}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDisplayDate(a.date)}
            </Text>
          </Stack>
          {mayEdit && (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                size="xs"
                label="Comment or reason"
                value={comments[a.id] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setComments((c) => ({ ...c, [a.id]: value }));
                }}
                w={220}
              />
              <Button size="xs" loading={resolve.isPending} onClick={() => act(a.id, 'schedule')}>
                Schedule
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={resolve.isPending}
                disabled={!comments[a.id]?.trim()}
                title="Give a reason first"
                onClick={() => act(a.id, 'delete')}
              >
                Delete
              </Button>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}
