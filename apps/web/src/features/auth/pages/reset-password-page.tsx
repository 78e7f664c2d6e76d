import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { MSG } from '@verdant/domain/messages';
import { isPasswordComplex } from '@verdant/domain/passwords';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetTokenStatus, useSetNewPassword } from '../api';
import { BrandPanel } from '../components/brand-panel';
import classes from '../components/login-layout.module.css';
import { PasswordRulesList } from '../components/password-rules-list';

export function Frame({
  title = 'Choose a new password',
  children,
}: {
  title?: string;
  children: ReactNode;
}) {
  return (
    <Box className={classes.page}>
      <BrandPanel />
      <Box component="main" className={classes.main}>
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p={36}>
          <Stack gap="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}

function NewPasswordForm({ token, email }: { token: string; email?: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const save = useSetNewPassword();
  const complex = isPasswordComplex(password);
  const matches = password === repeat;

  if (save.isSuccess) {
    return (
      <Stack gap="lg">
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {save.data.message || MSG.passwordChanged}
        </Alert>
        <Button component={Link} to="/login" replace>
          Go to login
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (complex && matches) save.mutate({ token, password });
      }}
    >
      <Stack gap="md">
        {email && (
          <Text fz="sm" c="dimmed">
            {`For the account ${email}`}
          </Text>
        )}
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={password !== '' && !complex ? MSG.passwordComplexity : null}
        />
        <PasswordInput
          label="Repeat password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.currentTarget.value)}
          error={repeat !== '' && !matches ? MSG.passwordsDoNotMatch : null}
        />
        <PasswordRulesList password={password} repeat={repeat} />
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Button type="submit" size="md" disabled={!complex || !matches} loading={save.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useResetTokenStatus(token);

  if (token !== '' && status.isPending) {
    return (
      <Frame>
        <Center py="xl">
          <Loader aria-label="Checking the link" />
        </Center>
      </Frame>
    );
  }

  // A server or network failure says nothing about the link, so it must not be called invalid.
  const unanswered =
    status.isError &&
    !(status.error instanceof ApiError && status.error.status >= 400 && status.error.status < 500);
  if (unanswered) {
    return (
      <Frame>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(status.error)}
        </Alert>
        <Button variant="default" onClick={() => status.refetch()}>
          Try again
        </Button>
      </Frame>
    );
  }

  if (token === '' || status.isError || !status.data?.valid) {
    return (
      <Frame title="Reset password">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {MSG.resetLinkInvalid}
        </Alert>
        <Anchor component={Link} to="/login">
          Back to login
        </Anchor>
      </Frame>
    );
  }

  return (
    <Frame>
      <NewPasswordForm token={token} email={status.data.email} />
    </Frame>
  );
}
