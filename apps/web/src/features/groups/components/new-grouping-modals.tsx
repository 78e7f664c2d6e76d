import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { GroupingsList, GroupType } from '@verdant/contracts/groupings';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useCreateGroup, useCreateGrouping } from '../api';

export const TYPE_OPTIONS = [
  { value: 'site', label: 'Sites' },
  { value: 'meter', label: 'Data sources' },
];

const nameError = (name: string) => (name.trim().length < 2 ? MSG.nameTooShortToCreate : null);
const failure = (error: unknown) =>
  error instanceof ApiError ? (error.fields.name?.[0] ?? error.message) : errorMessage(error);

/** New grouping: name, what it groups, and whether it is controlled (an asset in at most one of its groups). */
export function NewGroupingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateGrouping();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [type, setType] = useState<GroupType>('site');
  const [controlled, setControlled] = useState(true);
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    create.mutate(
      { type, name: name.trim(), controlled },
      {
        onSuccess: (row) => {
          showSuccessBanner(`Grouping ${row.name} created`);
          onClose();
          navigate(`/${type}-groupings/${row.id}`);
        },
        onError: (e) => setError(failure(e)),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New grouping">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Select
            label="Groups of"
            data={TYPE_OPTIONS}
            value={type}
            allowDeselect={false}
            onChange={(v) => setType((v as GroupType) ?? 'site')}
          />
          <Checkbox
            label="Controlled: each asset in at most one group"
            checked={controlled}
            onChange={(e) => setControlled(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** New group: choosing a grouping fixes the granularity (sites or data sources) to the grouping's. */
export function NewGroupModal({
  opened,
  onClose,
  lists,
  initialType = 'site',
  initialGrouping = null,
}: {
  opened: boolean;
  onClose: () => void;
  lists: Partial<Record<GroupType, GroupingsList>>;
  initialType?: GroupType;
  initialGrouping?: number | null;
}) {
  const create = useCreateGroup();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [type, setType] = useState<GroupType>(initialType);
  const [memberOf, setMemberOf] = useState<string | null>(initialGrouping ? String(initialGrouping) : null);
  const [error, setError] = useState<string | null>(null);
  const groupingOptions = (['site', 'meter'] as const).flatMap((t) =>
    (lists[t]?.groupings ?? []).map((g) => ({
      value: String(g.id),
      label: `${g.name} (${t === 'site' ? 'sites' : 'data sources'}${g.controlled ? ', controlled' : ''})`,
      type: t,
    })),
  );
  const chosen = groupingOptions.find((o) => o.value === memberOf);
  const effectiveType = chosen?.type ?? type;

  function submit() {
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    create.mutate(
      { type: effectiveType, name: name.trim(), memberOf: memberOf ? Number(memberOf) : null },
      {
        onSuccess: (row) => {
          showSuccessBanner(`Group ${row.name} created`);
          onClose();
          navigate(`/${effectiveType}-groups/${row.id}`);
        },
        onError: (e) => setError(failure(e)),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New group">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Select
            label="Member of grouping"
            placeholder="None (uncontrolled)"
            clearable
            data={groupingOptions.map(({ value, label }) => ({ value, label }))}
            value={memberOf}
            onChange={setMemberOf}
          />
          <Select
            label="Granularity"
            description={chosen ? "Fixed by the grouping's type" : undefined}
            data={TYPE_OPTIONS}
            value={effectiveType}
            disabled={chosen !== undefined}
            allowDeselect={false}
            onChange={(v) => setType((v as GroupType) ?? 'site')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
