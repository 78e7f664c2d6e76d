import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { currentUserOperations } from '@verdant/contracts/current-user';
import { SESSION_WARNING_MINUTES } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { useEffect } from 'react';
import { showInfoBanner } from '../../lib/banners';
import { clearClientState } from '../../lib/client-state';
import { call } from '../../lib/operations';
import { useSession } from '../../lib/session-store';

const WARNING_ID = 'session-expiring';
const WARNING_MS = SESSION_WARNING_MINUTES * 60_000;
const TICK_MS = 15_000;

function expire(): void {
  clearClientState();
  showInfoBanner(MSG.sessionExpired);
}

/** Any authenticated call slides the expiry; this is the cheapest one. */
function staySignedIn(): void {
  call(currentUserOperations.orgSummary, {}).catch(() => undefined);
}

function warningMessage(msLeft: number) {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return (
    <Stack gap="xs" align="flex-start">
      <Text fz="sm">{fill(MSG.sessionExpiring, { minutes })}</Text>
      <Button size="compact-sm" variant="light" color="yellow" onClick={staySignedIn}>
        Stay signed in
      </Button>
    </Stack>
  );
}

/**
 * Watches the sliding session expiry (refreshed from X-Session-Expires on every answer): a persistent
 * warning in the last minutes, logout when it passes, and a check on focus because timers of a
 * background tab may have been held back.
 */
export function SessionWatch() {
  const expiresAt = useSession()?.expiresAt;

  useEffect(() => {
    if (!expiresAt) return;
    const end = Date.parse(expiresAt);
    if (Number.isNaN(end)) return;
    let warningShown = false;

    const check = () => {
      const msLeft = end - Date.now();
      if (msLeft <= 0) {
        expire();
        return;
      }
      if (msLeft > WARNING_MS) return;
      const notice = {
        id: WARNING_ID,
        title: 'Session ending',
        message: warningMessage(msLeft),
        color: 'yellow',
        autoClose: false as const,
        withCloseButton: true,
      };
      if (warningShown) notifications.update(notice);
      else notifications.show(notice);
      warningShown = true;
    };

    check();
    const interval = window.setInterval(check, TICK_MS);
    const expiry = window.setTimeout(check, Math.max(0, end - Date.now()));
    const onFocus = () => check();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(expiry);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
      // The expiry moved (or the session ended): an old warning no longer applies.
      if (warningShown) notifications.hide(WARNING_ID);
    };
  }, [expiresAt]);

  return null;
}
