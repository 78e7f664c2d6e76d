import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { User } from '@verdant/contracts/users';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useState } from 'react';
import { FirstOfList } from '../../../components/first-of-list';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { PagedListBody } from '../../../components/paged-list-body';
import { useOrgSummary, useUserDetails } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { useUsersList } from '../api';
import { AddUserModal } from '../components/add-user-modal';
import { UserEditPanel } from '../components/user-edit-panel';
import { UsersTable } from '../components/users-table';

/** /users: the organisation's people, 100 at a time; `?show=new` opens Add user. */
export function UsersPage() {
  useDocumentTitle('Users');
  const session = useSession();
  const selfId = session?.user.id ?? null;
  const organisationName = useOrgSummary().data?.name ?? session?.organisation?.name ?? 'this organisation';
  const callerIsAdmin = useUserDetails().data?.admin === true;
  const [showNew, setShowNew] = useShowNew();
  const [filter, setFilter] = useState('');
  const [q] = useDebouncedValue(filter.trim(), DEBOUNCE_MS);
  const list = useUsersList(q);
  const [expandedId, setExpandedId] = useState<number | null>(null);

  const pages = list.data?.pages ?? [];
  const users = pages.flatMap((page) => page.users);
  const total = pages.at(-1)?.total ?? 0;
  const listMayEdit = pages[0]?.mayEdit === true;
  const addOpened = showNew && listMayEdit;

  const canExpand = (user: User) => listMayEdit || user.mayEdit;

  return (
    <>
      <PageHeader title="Users" description={`People with access to ${organisationName}.`} />
      {listMayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconUserPlus size={16} />} onClick={() => setShowNew(true)}>
            Add user
          </Button>
        </PageActions>
      )}
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <TextInput
            label="Filter by name"
            placeholder="Name, login ID or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={list.isFetching && !list.isFetchingNextPage ? <Loader size={14} /> : null}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            w={360}
          />
          {list.isSuccess && (
            <Text fz="sm" c="dimmed" role="status">
              {`Showing ${users.length} of ${total}`}
            </Text>
          )}
        </Group>
        <PagedListBody
          list={list}
          rowCount={users.length}
          loadingLabel="Loading users"
          empty={
            q ? undefined : (
              <FirstOfList
                text={`Nobody has access to ${organisationName} yet. Add its people: each is sent a link to choose a password.`}
                action={listMayEdit ? 'Add user' : null}
                icon={<IconUserPlus size={14} />}
                onAdd={() => setShowNew(true)}
              />
            )
          }
        >
          <UsersTable
            users={users}
            expandedId={expandedId}
            canExpand={canExpand}
            onToggle={(user) => setExpandedId((id) => (id === user.id ? null : user.id))}
            renderPanel={(user) => (
              <UserEditPanel
                row={user}
                listMayEdit={listMayEdit}
                callerIsAdmin={callerIsAdmin}
                selfId={selfId}
                organisationName={organisationName}
                onDeleted={() => setExpandedId(null)}
              />
            )}
          />
        </PagedListBody>
      </Stack>
      <AddUserModal opened={addOpened} onClose={() => setShowNew(false)} callerIsAdmin={callerIsAdmin} />
    </>
  );
}
