import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconTrash } from '@tabler/icons-react';
import { CONTTYPE_ADMINISTRATOR } from '@verdant/domain/constants';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useUserDetails } from '../../../lib/current-user';
import { useAdminNotifications, useRemoveNotification } from '../api';

/** sessionStorage is emptied at logout, so the next sign-in shows the notices again. */
const SHOWN_KEY = 'verdant.notificationsShown';

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Once per browser session after sign-in, administrators (conttypeId 1) see the notices published for
 * them. Each can be dismissed for now or removed for good; the modal closes when none are left. They never
 * open over another screen's modal.
 */
export function NotificationsModal() {
  const details = useUserDetails();
  const [shown] = useState(alreadyShown);
  const isAdministrator = details.data?.conttypeId === CONTTYPE_ADMINISTRATOR;
  const notifications = useAdminNotifications(isAdministrator && !shown);
  const remove = useRemoveNotification();
  const [opened, setOpened] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());

  // A screen opened on its 'new' modal (`?show=new`) keeps it: the notices wait until that modal is closed.
  const busy = useSearchParams()[0].has('show');
  const count = notifications.data?.length ?? 0;
  useEffect(() => {
    if (shown || busy || count === 0 || alreadyShown()) return;
    sessionStorage.setItem(SHOWN_KEY, '1');
    setOpened(true);
  }, [shown, busy, count]);

  const visible = (notifications.data ?? []).filter((n) => !dismissed.has(n.notificationId));
  useEffect(() => {
    if (opened && notifications.isSuccess && visible.length === 0) setOpened(false);
  }, [opened, notifications.isSuccess, visible.length]);

  const dismiss = (id: number) => setDismissed((ids) => new Set(ids).add(id));

  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Notifications" size="lg" centered>
      <Stack gap="sm">
        {visible.map((notice) => (
          <Paper key={notice.notificationId} withBorder radius="md" p="md" component="article">
            <Stack gap="sm">
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {notice.notificationText}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconEyeOff size={14} />}
                  onClick={() => dismiss(notice.notificationId)}
                >
                  Dismiss
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  loading={remove.isPending && remove.variables === notice.notificationId}
                  onClick={() =>
                    remove.mutate(notice.notificationId, {
                      onError: (error) => {
                        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
                      },
                    })
                  }
                >
                  Remove permanently
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
