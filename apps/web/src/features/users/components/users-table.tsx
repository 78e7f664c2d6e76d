import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { User } from '@verdant/contracts/users';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Fragment, type ReactNode } from 'react';
import { fullName } from '../user-name';
import { UserStatusIcon } from './user-status-icon';

interface UsersTableProps {
  users: User[];
  expandedId: number | null;
  /** Whether this row opens an edit panel (the list's or the row's mayEdit). */
  canExpand: (user: User) => boolean;
  onToggle: (user: User) => void;
  renderPanel: (user: User) => ReactNode;
}

const COLUMNS = 6;

export function UsersTable({ users, expandedId, canExpand, onToggle, renderPanel }: UsersTableProps) {
  return (
    // On a phone the login id and last login give way, so the table and an open row's panel fit the screen.
    <Table.ScrollContainer minWidth={340}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <VisuallyHidden>Status</VisuallyHidden>
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th visibleFrom="sm">Login ID</Table.Th>
            <Table.Th visibleFrom="sm">Last Login</Table.Th>
            <Table.Th>Access</Table.Th>
            <Table.Th w={40}>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const expandable = canExpand(user);
            const expanded = expandable && expandedId === user.id;
            const panelId = `user-panel-${user.id}`;
            return (
              <Fragment key={user.id}>
                <Table.Tr
                  data-user-id={user.id}
                  onClick={expandable ? () => onToggle(user) : undefined}
                  style={{ cursor: expandable ? 'pointer' : undefined }}
                  bg={expanded ? 'var(--mantine-color-verdant-0)' : undefined}
                >
                  <Table.Td>
                    <UserStatusIcon user={user} />
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {fullName(user)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm" c="dimmed">
                      {user.userId}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {user.lastVisit ? (
                      <Text fz="sm">{formatDisplayDate(user.lastVisit)}</Text>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        Never
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{user.accessLevel}</Text>
                  </Table.Td>
                  <Table.Td>
                    {expandable && (
                      // The row opens on a click anywhere; keyboards and screen readers use this button.
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-expanded={expanded}
                        aria-controls={expanded ? panelId : undefined}
                        aria-label={`Details of ${fullName(user)}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onToggle(user);
                        }}
                      >
                        {expanded ? (
                          <IconChevronDown size={16} aria-hidden />
                        ) : (
                          <IconChevronRight size={16} aria-hidden />
                        )}
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={panelId}>
                    <Table.Td colSpan={COLUMNS} p={0}>
                      {renderPanel(user)}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
