import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { USER_MESSAGES } from '@verdant/contracts/users';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmEmailChange, useEmailChangeStatus } from '../api';
import { Frame } from './reset-password-page';

const TITLE = 'Confirm the new email address';

/** /confirm-email?token=: the link mailed to the old address; nothing changes until the button is pressed. */
export function ConfirmEmailPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useEmailChangeStatus(token);
  const confirm = useConfirmEmailChange();

  if (token !== '' && status.isPending) {
    return (
      <Frame title={TITLE}>
        <Center py="xl">
          <Loader aria-label="Checking the link" />
        </Center>
      </Frame>
    );
  }
  const refused = status.isError && status.error instanceof ApiError && status.error.status < 500;
  if (status.isError && !refused) {
    return (
      <Frame title={TITLE}>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(status.error)}
        </Alert>
        <Button variant="default" onClick={() => status.refetch()}>
          Try again
        </Button>
      </Frame>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Frame title={TITLE}>
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {confirm.data.message}
        </Alert>
        <Button component={Link} to="/login" replace>
          Go to login
        </Button>
      </Frame>
    );
  }
  if (token === '' || refused || !status.data?.valid) {
    return (
      <Frame title={TITLE}>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {USER_MESSAGES.emailChangeLinkInvalid}
        </Alert>
        <Anchor component={Link} to="/login">
          Back to login
        </Anchor>
      </Frame>
    );
  }
  return (
    <Frame title={TITLE}>
      <Stack gap="md">
        <Text>{`Change the email address of your account from ${status.data.email} to ${status.data.newEmail}?`}</Text>
        {confirm.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(confirm.error)}
          </Alert>
        )}
        <Button size="md" loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
          Confirm the change
        </Button>
      </Stack>
    </Frame>
  );
}
