import { Select, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@verdant/contracts/users';
import { grantOptions } from '@verdant/domain/access-options';
import { ACCESS, ACCESS_LABELS } from '@verdant/domain/constants';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useGrantAccess } from '../api';
import { fullName } from '../user-name';

interface UserAccessSelectProps {
  user: User;
  callerIsAdmin: boolean;
  /** False shows the level without offering a change. */
  editable: boolean;
  organisationName: string;
}

/** The person's access level in the current organisation; Remove takes them out of it after a confirm. */
export function UserAccessSelect({ user, callerIsAdmin, editable, organisationName }: UserAccessSelectProps) {
  const grant = useGrantAccess(user.id);
  const name = fullName(user);

  if (!editable) {
    return (
      <TextInput label="Organisation access" value={user.accessLevel} readOnly variant="filled" w={220} />
    );
  }

  const apply = (accessId: number) =>
    grant.mutate(accessId, {
      onSuccess: () =>
        showSuccessBanner(
          accessId === ACCESS.none
            ? `${name} was removed from ${organisationName}`
            : `${name} is now ${ACCESS_LABELS[accessId] ?? 'changed'}`,
        ),
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });

  const choose = (accessId: number | null) => {
    if (accessId === null || accessId === user.accessId) return;
    if (accessId !== ACCESS.none) {
      apply(accessId);
      return;
    }
    modals.openConfirmModal({
      title: 'Remove from organisation',
      centered: true,
      children: (
        <Text fz="sm">{`Remove ${name} from ${organisationName}? They will no longer be able to use it.`}</Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => apply(ACCESS.none),
    });
  };

  return (
    <Select<number>
      label="Organisation access"
      data={grantOptions(callerIsAdmin)}
      value={user.accessId}
      onChange={choose}
      allowDeselect={false}
      disabled={grant.isPending}
      w={220}
    />
  );
}
