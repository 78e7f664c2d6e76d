import { Badge, Box, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory, IconKey, IconSitemap } from '@tabler/icons-react';
import type { User } from '@verdant/contracts/users';
import { mayChangeAccess } from '@verdant/domain/access-options';
import { AuditHistory } from '../../../components/audit-history';
import { ChangePasswordModal } from '../../../components/change-password-modal';
import { SsoNote } from '../../../components/sso-note';
import { UserDetailsFields } from '../../../components/user-details-fields';
import { useOrganisationId } from '../../../lib/session-store';
import { useSaveUser, useUser } from '../api';
import { fullName } from '../user-name';
import { AdvancedRightsModal } from './advanced-rights-modal';
import { UserAccessSelect } from './user-access-select';
import { UserAdminActions } from './user-admin-actions';
import { UserStatusIcon } from './user-status-icon';

interface UserEditPanelProps {
  row: User;
  /** The list's mayEdit: the caller may edit other people in this organisation. */
  listMayEdit: boolean;
  callerIsAdmin: boolean;
  selfId: number | null;
  organisationName: string;
  onDeleted: () => void;
}

/** The details panel under an expanded row: inline fields, access, and what the caller may do. */
export function UserEditPanel({
  row,
  listMayEdit,
  callerIsAdmin,
  selfId,
  organisationName,
  onDeleted,
}: UserEditPanelProps) {
  const { data: user } = useUser(row);
  const save = useSaveUser(row);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [rightsOpened, rightsModal] = useDisclosure(false);
  const [historyOpened, historyModal] = useDisclosure(false);
  const organisationId = useOrganisationId();
  const self = user.id === selfId;
  const accessEditable = mayChangeAccess(
    { isAdmin: callerIsAdmin, mayEdit: listMayEdit, isSelf: self },
    user,
  );

  return (
    <Box
      p="lg"
      bg="var(--mantine-color-body)"
      style={{ borderLeft: '3px solid var(--mantine-color-verdant-6)' }}
      role="region"
      aria-label={`Details of ${fullName(user)}`}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <UserStatusIcon user={user} />
            <Stack gap={0}>
              <Title order={2} fz="lg">
                {fullName(user)}
              </Title>
              <Text fz="sm" c="dimmed">
                {user.email}
              </Text>
            </Stack>
            {self && (
              <Badge variant="light" color="verdant">
                You
              </Badge>
            )}
          </Group>
        </Group>
        {user.sso && <SsoNote />}
        <UserDetailsFields user={user} editable={listMayEdit || user.mayEdit} onSave={save} />
        <Divider />
        <Stack gap="sm">
          <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts={0.4}>
            Access and account
          </Title>
          <Group align="flex-end" gap="md">
            <UserAccessSelect
              user={user}
              callerIsAdmin={callerIsAdmin}
              editable={accessEditable}
              organisationName={organisationName}
            />
            {callerIsAdmin && !self && (
              <Button variant="light" leftSection={<IconSitemap size={16} />} onClick={rightsModal.open}>
                Advanced Rights
              </Button>
            )}
            {callerIsAdmin && organisationId !== null && (
              <Button variant="default" leftSection={<IconHistory size={16} />} onClick={historyModal.open}>
                History
              </Button>
            )}
            {self && !user.sso && (
              <Button variant="default" leftSection={<IconKey size={16} />} onClick={passwordModal.open}>
                Change password
              </Button>
            )}
          </Group>
          {callerIsAdmin && !self && (
            <UserAdminActions user={user} organisationName={organisationName} onDeleted={onDeleted} />
          )}
        </Stack>
      </Stack>
      {callerIsAdmin && !self && (
        <AdvancedRightsModal
          userId={user.id}
          name={fullName(user)}
          opened={rightsOpened}
          onClose={rightsModal.close}
        />
      )}
      {callerIsAdmin && organisationId !== null && (
        <Modal
          opened={historyOpened}
          onClose={historyModal.close}
          title={`History of ${fullName(user)}`}
          size="xl"
        >
          <AuditHistory organisationId={organisationId} asset={{ type: 'user', id: user.id }} />
        </Modal>
      )}
      {self && <ChangePasswordModal userId={user.id} opened={passwordOpened} onClose={passwordModal.close} />}
    </Box>
  );
}
