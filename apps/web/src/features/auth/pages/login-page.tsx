import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAlternateLogin } from '../api';
import { AlternateLoginPanel } from '../components/alternate-login-panel';
import { BrandPanel } from '../components/brand-panel';
import { LoginForm } from '../components/login-form';
import classes from '../components/login-layout.module.css';
import { safeNextPath } from '../safe-next-path';

// Loaded when asked for, so the login page does not carry the modal machinery.
const ResetPasswordModal = lazy(async () => ({
  default: (await import('../components/reset-password-modal')).ResetPasswordModal,
}));

export function LoginPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const [params] = useSearchParams();
  const [resetOpened, reset] = useDisclosure(false);
  const alternate = useAlternateLogin();
  const demo = useRef(false);

  if (session) {
    // A user without any organisation has nothing to show until one is chosen.
    const target = !session.organisation
      ? '/switch-organisation'
      : demo.current
        ? '/dashboard'
        : safeNextPath(params.get('next'));
    return <Navigate to={target} replace />;
  }

  const option = alternate.data?.['login-option'] ? alternate.data : null;

  return (
    <Box className={classes.page} data-with-aside={option ? true : undefined}>
      <BrandPanel />
      <Box component="main" className={classes.main}>
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p={36}>
          <Stack gap="xl">
            <Stack gap={4}>
              <Title order={1} fz={26}>
                Sign in
              </Title>
              <Text c="dimmed" fz="sm">
                Welcome back. Sign in to your organisation&apos;s portal.
              </Text>
            </Stack>
            <LoginForm
              onAttempt={(isDemo) => {
                demo.current = isDemo;
              }}
              onForgotPassword={reset.open}
            />
          </Stack>
        </Paper>
      </Box>
      {option && (
        <Box className={classes.aside}>
          <AlternateLoginPanel option={option} />
        </Box>
      )}
      {resetOpened && (
        <Suspense fallback={null}>
          <ResetPasswordModal opened onClose={reset.close} />
        </Suspense>
      )}
    </Box>
  );
}
