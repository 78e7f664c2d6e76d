import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@verdant/domain/messages';
import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { finishMicrosoftSignIn, takeMicrosoftAttempt } from '../api';
import { safeNextPath } from '../safe-next-path';
import { Frame } from './reset-password-page';

const TITLE = 'Signing in with Microsoft';

class SignInRefused extends Error {}

/**
 * /login/microsoft: where the provider sends the browser back with `code` and `state`. The answer and this tab's
 * signed attempt go to `POST /public/login/ms-login`, which checks them and opens the session.
 */
export function MicrosoftCallbackPage() {
  useDocumentTitle(TITLE);
  const sent = useRef(false);
  const finish = useMutation({
    mutationFn: async () => {
      const answer = window.location.search;
      const pending = takeMicrosoftAttempt();
      // The person cancelled at the provider, or the tab lost its attempt (opened elsewhere).
      if (new URLSearchParams(answer).has('error') || !pending) throw new SignInRefused(MSG.ssoFailed);
      const session = await finishMicrosoftSignIn(answer, pending.attempt);
      return session.organisation ? safeNextPath(pending.next) : '/switch-organisation';
    },
  });

  useEffect(() => {
    // Once only (React runs effects twice in development): the answer's code can be used once.
    if (sent.current) return;
    sent.current = true;
    finish.mutate();
  }, [finish]);

  if (finish.isSuccess) return <Navigate to={finish.data} replace />;
  return (
    <Frame title={TITLE}>
      {finish.isError ? (
        <>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {finish.error instanceof SignInRefused ? finish.error.message : errorMessage(finish.error)}
          </Alert>
          <Anchor component={Link} to="/login" replace>
            Back to sign in
          </Anchor>
        </>
      ) : (
        <Center py="xl">
          <Loader aria-label="Signing in" />
        </Center>
      )}
    </Frame>
  );
}
