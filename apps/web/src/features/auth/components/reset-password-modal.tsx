import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
// The catalogue's general part only: the login page loads no other (docs/performance.md, Page weight).
import { GENERAL_MESSAGES as MSG } from '@verdant/domain/messages-general';
import { isValidResetEmail } from '@verdant/domain/passwords';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useSendResetEmail } from '../api';

interface ResetPasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ResetPasswordModal({ opened, onClose }: ResetPasswordModalProps) {
  const [email, setEmail] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);
  const send = useSendResetEmail();

  const close = () => {
    onClose();
    setEmail('');
    setShowInvalid(false);
    send.reset();
  };

  const submit = () => {
    const value = email.trim();
    if (!isValidResetEmail(value)) {
      setShowInvalid(true);
      return;
    }
    send.mutate(value);
  };

  const serverFieldError =
    send.error instanceof ApiError && send.error.status === 400 ? send.error.message : null;
  const fieldError =
    (showInvalid && !isValidResetEmail(email.trim()) ? MSG.emailNotValidReset : null) ?? serverFieldError;

  return (
    <Modal opened={opened} onClose={close} title="Reset Password" centered size="md">
      {send.isSuccess ? (
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconMailCheck size={28} color="var(--mantine-color-verdant-7)" aria-hidden />
            <Text role="status">{send.data.message || MSG.resetEmailSent}</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              Enter the email address of your account and we will send you a link to choose a new password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              data-autofocus
              value={email}
              error={fieldError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                if (send.isError) send.reset();
              }}
              onBlur={() => setShowInvalid(email.trim() !== '')}
            />
            {send.isError && !serverFieldError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(send.error)}
              </Alert>
            )}
            <FormActions
              onCancel={close}
              type="submit"
              loading={send.isPending}
              disabled={email.trim() === ''}
            >
              Send
            </FormActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
