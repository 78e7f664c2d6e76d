import { notifications } from '@mantine/notifications';
import { queryClient } from './query-client';
import { clearSession } from './session-store';

/**
 * Logout on the client: forgets the session, every cached answer and every banner. Callers that can
 * still reach the server end the session there first; a 401 or an expired clock goes straight here.
 */
export function clearClientState(): void {
  clearSession();
  void queryClient.cancelQueries();
  queryClient.clear();
  notifications.clean();
}
