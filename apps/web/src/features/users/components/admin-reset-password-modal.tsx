import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { ApiError, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useResetPassword } from '../api';

interface AdminResetPasswordModalProps {
  userId: number;
  name: string;
  opened: boolean;
  onClose: () => void;
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fields.password?.[0] ?? error.message;
  return MSG.yourPasswordNotCorrect;
}

/** An administrator sends another person reset instructions, confirming with their own password. */
export function AdminResetPasswordModal({ userId, name, opened, onClose }: AdminResetPasswordModalProps) {
  const [password, setPassword] = useState('');
  const reset = useResetPassword(userId);

  const close = () => {
    setPassword('');
    reset.reset();
    onClose();
  };

  const failure = reset.isError && !isSilentError(reset.error) ? failureText(reset.error) : null;

  return (
    <Modal opened={opened} onClose={close} title="Reset Password" centered size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (password === '' || reset.isPending) return;
          reset.mutate(password, {
            onSuccess: (answer) => {
              showSuccessBanner(answer.message);
              close();
            },
          });
        }}
      >
        <Stack gap="md">
          <Text fz="sm">
            {`${name} will be emailed a link to choose a new password. Enter your own password to confirm.`}
          </Text>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={failure}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              if (reset.isError) reset.reset();
            }}
          />
          <FormActions onCancel={close} type="submit" disabled={password === ''} loading={reset.isPending}>
            Send reset instructions
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
