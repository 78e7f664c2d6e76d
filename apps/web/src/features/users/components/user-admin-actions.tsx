import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconBan,
  IconBuildingOff,
  IconKey,
  IconLockOpen,
  IconShieldCheck,
  IconShieldOff,
  IconTrash,
} from '@tabler/icons-react';
import { USER_MESSAGES, type User } from '@verdant/contracts/users';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDeleteUser, useOrganisationBlock, useUserToggle } from '../api';
import { fullName } from '../user-name';
import { AdminResetPasswordModal } from './admin-reset-password-modal';

interface UserAdminActionsProps {
  user: User;
  organisationName: string;
  onDeleted: () => void;
}

function failed(error: unknown): void {
  if (!isSilentError(error)) showErrorBanner(errorMessage(error));
}

/**
 * What only an administrator may do to someone else: admin flag, product and organisation blocks, reset
 * password and delete (advanced rights sit next to the access level). The caller never renders this on the administrator's own row.
 */
export function UserAdminActions({ user, organisationName, onDeleted }: UserAdminActionsProps) {
  const toggle = useUserToggle(user);
  const orgBlock = useOrganisationBlock(user.id);
  const remove = useDeleteUser(user.id);
  const [resetOpened, resetModal] = useDisclosure(false);
  const name = fullName(user);
  const toggling = (key: 'admin' | 'blocked') => toggle.isPending && toggle.variables?.[key] !== undefined;

  const setAdmin = () =>
    toggle.mutate(
      { admin: !user.admin },
      {
        onSuccess: (saved) =>
          showSuccessBanner(
            saved.admin ? `${name} is now an administrator` : `${name} is no longer an administrator`,
          ),
        onError: failed,
      },
    );

  const setBlocked = () =>
    toggle.mutate(
      { blocked: !user.blocked },
      {
        onSuccess: (saved) =>
          showSuccessBanner(
            saved.blocked
              ? `${name} is blocked from the product`
              : // An administrator of only some of the person's organisations blocks within this one.
                !user.blocked && saved.orgBlocked
                ? `${name} is blocked within ${organisationName}`
                : `${name} is no longer blocked from the product`,
          ),
        onError: failed,
      },
    );

  const setOrganisationBlocked = () =>
    orgBlock.mutate(!user.orgBlocked, {
      onSuccess: (saved) =>
        showSuccessBanner(
          saved.orgBlocked
            ? `${name} is blocked within ${organisationName}`
            : `${name} is no longer blocked within ${organisationName}`,
        ),
      onError: failed,
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete user',
      centered: true,
      children: (
        <Text fz="sm">{`Delete ${name} (${user.userId})? They will no longer be able to sign in.`}</Text>
      ),
      labels: { confirm: 'Delete user', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: (answer) => {
            showSuccessBanner(answer.message);
            onDeleted();
          },
          onError: (error) => {
            if (isSilentError(error)) return;
            // A reason the administrator can act on (the person belongs elsewhere too) is worth showing.
            if (error instanceof ApiError && error.status === 409) {
              showErrorBanner(error.message, USER_MESSAGES.userDeleteFailed);
            } else {
              showErrorBanner(USER_MESSAGES.userDeleteFailed);
            }
          },
        }),
    });

  return (
    <>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={user.admin ? <IconShieldOff size={16} /> : <IconShieldCheck size={16} />}
            loading={toggling('admin')}
            onClick={setAdmin}
          >
            {user.admin ? 'Revoke Admin' : 'Make Admin'}
          </Button>
          <Button
            variant="default"
            leftSection={user.blocked ? <IconLockOpen size={16} /> : <IconBan size={16} />}
            loading={toggling('blocked')}
            onClick={setBlocked}
          >
            {user.blocked ? 'Unblock from product' : 'Block from product'}
          </Button>
          <Button
            variant="default"
            leftSection={user.orgBlocked ? <IconLockOpen size={16} /> : <IconBuildingOff size={16} />}
            loading={orgBlock.isPending}
            onClick={setOrganisationBlocked}
          >
            {user.orgBlocked ? 'Unblock within organisation' : 'Block within organisation'}
          </Button>
          {!user.sso && (
            <Button variant="default" leftSection={<IconKey size={16} />} onClick={resetModal.open}>
              Reset password
            </Button>
          )}
        </Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          Delete user
        </Button>
      </Group>
      <AdminResetPasswordModal userId={user.id} name={name} opened={resetOpened} onClose={resetModal.close} />
    </>
  );
}
