import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandWindows, IconSteeringWheel } from '@tabler/icons-react';
import type { LoginRequest } from '@verdant/contracts/auth';
// The catalogue's general part only: the login page loads no other (docs/performance.md, Page weight).
import { GENERAL_MESSAGES as MSG } from '@verdant/domain/messages-general';
import { type KeyboardEvent, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useSignIn, useSsoConfig, useStartMicrosoftSignIn, useTestDrive } from '../api';

interface LoginFormProps {
  /** Told before each attempt whether it is the free test drive, which always lands on the dashboard. */
  onAttempt: (demo: boolean) => void;
  onForgotPassword: () => void;
}

function failureText(error: unknown): string {
  // A 401 without our error body (a proxy, say) still deserves the catalogue's wording.
  if (error instanceof ApiError && error.status === 401 && error.code.startsWith('HTTP_')) {
    return MSG.loginUnsuccessful;
  }
  return errorMessage(error);
}

export function LoginForm({ onAttempt, onForgotPassword }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const testDrive = useTestDrive();
  const sso = useSsoConfig();
  const microsoft = useStartMicrosoftSignIn();
  const pending = signIn.isPending || testDrive.isPending;
  const canSubmit = username.trim() !== '' && password !== '' && !pending;
  const failure = signIn.error ?? testDrive.error;

  const send = (credentials: LoginRequest) => {
    onAttempt(false);
    testDrive.reset();
    signIn.mutate(credentials);
  };

  const startTestDrive = () => {
    onAttempt(true);
    signIn.reset();
    testDrive.mutate();
  };

  const submit = () => {
    if (pending) return;
    if (username.trim() === '') usernameRef.current?.focus();
    else if (password === '') passwordRef.current?.focus();
    else send({ username: username.trim(), password });
  };

  // The Login button is disabled while a field is empty, and browsers do not submit a form on Enter
  // when its submit button is disabled, so Enter is handled here.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack gap="lg">
      <form
        aria-label="Sign in"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            ref={usernameRef}
            label="Email or username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            onKeyDown={onEnter}
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            onKeyDown={onEnter}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component="button" type="button" fz="sm" onClick={onForgotPassword}>
              Forgot password?
            </Anchor>
          </Group>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {failureText(failure)}
              </Text>
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={signIn.isPending}>
            Login
          </Button>
        </Stack>
      </form>

      {sso.data?.microsoft && (
        <>
          <Divider label="or" labelPosition="center" />
          <Button
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconBrandWindows size={18} aria-hidden />}
            loading={microsoft.isPending || microsoft.isSuccess}
            onClick={() => microsoft.mutate()}
          >
            Sign in with Microsoft
          </Button>
          {microsoft.isError && (
            <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Text fz="sm">{errorMessage(microsoft.error)}</Text>
            </Alert>
          )}
        </>
      )}

      {sso.data?.testDrive && (
        <Group justify="center" gap={6}>
          <IconSteeringWheel size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fz="sm" c="dimmed">
            New to Verdant?
          </Text>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            fw={600}
            disabled={pending}
            onClick={startTestDrive}
          >
            Take a free test drive
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
