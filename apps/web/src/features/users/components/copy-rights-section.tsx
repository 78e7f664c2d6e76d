import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCopy } from '@tabler/icons-react';
import type { User } from '@verdant/contracts/users';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useCopyRights } from '../advanced-rights-api';
import { useUserOptions } from '../api';
import { fullName } from '../user-name';

interface Choice {
  value: number;
  label: string;
}

const choiceOf = (user: User): Choice => ({ value: user.id, label: `${fullName(user)} (${user.userId})` });

/** Replaces a person's advanced rights with a copy of another member's, after a confirm. */
export function CopyRightsSection({ userId, name }: { userId: number; name: string }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Choice | null>(null);
  // Picking an option writes its label into the search box; that is not a new search.
  const typed = chosen && search === chosen.label ? '' : search.trim();
  const [q] = useDebouncedValue(typed, DEBOUNCE_MS);
  const options = useUserOptions(q);
  const copy = useCopyRights(userId);

  const found = (options.data?.users ?? []).filter((u) => u.id !== userId).map(choiceOf);
  const data = chosen && !found.some((c) => c.value === chosen.value) ? [chosen, ...found] : found;

  const confirm = () => {
    if (!chosen) return;
    const other = chosen.label;
    modals.openConfirmModal({
      title: 'Copy advanced rights',
      centered: true,
      children: (
        <Text fz="sm">
          {`This replaces the existing advanced rights of ${name} with a copy of the rights of ${other}.`}
        </Text>
      ),
      labels: { confirm: 'Replace rights', cancel: 'Cancel' },
      onConfirm: () =>
        copy.mutate(chosen.value, {
          onSuccess: () => showSuccessBanner(`Advanced rights copied from ${other}`),
          onError: (error) => {
            if (!isSilentError(error)) showErrorBanner(errorMessage(error));
          },
        }),
    });
  };

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Copy from another user
      </Title>
      <Group align="flex-end" gap="sm">
        <Select<number>
          label="User to copy from"
          placeholder="Type a name"
          searchable
          data={data}
          value={chosen?.value ?? null}
          onChange={(_value, option) =>
            setChosen(option ? { value: option.value, label: option.label } : null)
          }
          searchValue={search}
          onSearchChange={setSearch}
          // The server already filtered by the typed name (and login id and email).
          filter={({ options: all }) => all}
          nothingFoundMessage={options.isFetching ? 'Searching…' : MSG.noResults}
          clearable
          w={360}
        />
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          disabled={!chosen}
          loading={copy.isPending}
          onClick={confirm}
        >
          Copy
        </Button>
      </Group>
    </Stack>
  );
}
