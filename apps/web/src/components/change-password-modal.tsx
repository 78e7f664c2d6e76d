import { Alert, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { usersOperations } from '@verdant/contracts/users';
import { MSG } from '@verdant/domain/messages';
import { isPasswordComplex } from '@verdant/domain/passwords';
import { useState } from 'react';
import { ApiError, errorMessage, isSilentError } from '../lib/api-errors';
import { showSuccessBanner } from '../lib/banners';
import { call } from '../lib/operations';
import { FormActions } from './form-actions';

interface ChangePasswordModalProps {
  userId: number;
  opened: boolean;
  onClose: () => void;
}

/** Change Password for one's own account: current, new and repeat; the server checks the current one. */
export function ChangePasswordModal({ userId, opened, onClose }: ChangePasswordModalProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useMutation({
    mutationFn: () =>
      call(usersOperations.changePassword, { params: { id: userId }, body: { current, new: next } }),
  });

  const close = () => {
    setCurrent('');
    setNext('');
    setRepeat('');
    change.reset();
    onClose();
  };

  const complex = isPasswordComplex(next);
  const matches = next === repeat;
  const canSubmit = current !== '' && complex && matches && !change.isPending;
  const failure = change.isError && !isSilentError(change.error) ? change.error : null;
  const currentWrong =
    failure instanceof ApiError && failure.status === 400 && failure.fields.current !== undefined;

  const submit = () => {
    if (!canSubmit) return;
    change.mutate(undefined, {
      onSuccess: (answer) => {
        showSuccessBanner(answer.message || MSG.passwordChanged);
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Change Password" centered size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            At least 8 characters, using at least three of: lowercase, uppercase, digits and symbols.
          </Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            value={current}
            error={currentWrong ? MSG.passwordNotCorrect : null}
            onChange={(event) => {
              setCurrent(event.currentTarget.value);
              if (change.isError) change.reset();
            }}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={next}
            error={next !== '' && !complex ? MSG.passwordComplexity : null}
            onChange={(event) => setNext(event.currentTarget.value)}
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            value={repeat}
            error={repeat !== '' && !matches ? MSG.passwordsDoNotMatch : null}
            onChange={(event) => setRepeat(event.currentTarget.value)}
          />
          {failure && !currentWrong && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <FormActions onCancel={close} type="submit" disabled={!canSubmit} loading={change.isPending}>
            Change password
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
