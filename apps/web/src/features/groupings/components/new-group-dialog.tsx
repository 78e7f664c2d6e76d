import { Checkbox, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { GroupingsList, GroupType } from '@verdant/contracts/groupings';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useCreateGroup, useCreateGrouping } from '../api';

const TYPE_OPTIONS = [
  { value: 'site', label: 'Sites' },
  { value: 'meter', label: 'Data sources' },
];

const nameError = (name: string) => (name.trim().length < 2 ? MSG.nameTooShortToCreate : null);
const failure = (error: unknown) =>
  error instanceof ApiError ? (error.fields.name?.[0] ?? error.message) : errorMessage(error);

/**
 * The Create dialog of a grouping or a group (core-portal.md 4, 5). A grouping takes its name, what it groups
 * and whether it is controlled (an asset in at most one of its groups); a group its name and, optionally, its
 * grouping, whose type then fixes the group's granularity (sites or data sources).
 */
export function NewGroupDialog({
  mode,
  onClose,
  lists = {},
  initialType = 'site',
  initialGrouping = null,
}: {
  mode: 'grouping' | 'group';
  onClose: () => void;
  lists?: Partial<Record<GroupType, GroupingsList>>;
  initialType?: GroupType;
  initialGrouping?: number | null;
}) {
  const createGrouping = useCreateGrouping();
  const createGroup = useCreateGroup();
  const create = mode === 'grouping' ? createGrouping : createGroup;
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [type, setType] = useState<GroupType>(initialType);
  const [controlled, setControlled] = useState(true);
  const [memberOf, setMemberOf] = useState<string | null>(initialGrouping ? String(initialGrouping) : null);
  const [error, setError] = useState<string | null>(null);
  const groupingOptions = (['site', 'meter'] as const).flatMap((t) =>
    (lists[t]?.groupings ?? []).map((g) => ({
      value: String(g.id),
      label: `${g.name} (${t === 'site' ? 'sites' : 'data sources'}${g.controlled ? ', controlled' : ''})`,
      type: t,
    })),
  );
  const chosen = mode === 'group' ? groupingOptions.find((o) => o.value === memberOf) : undefined;
  const effectiveType = chosen?.type ?? type;
  const title = mode === 'grouping' ? 'New grouping' : 'New group';

  function submit() {
    const refused = nameError(name);
    setError(refused);
    if (refused) return;
    const done = {
      onSuccess: (row: { id: number; name: string }) => {
        showSuccessBanner(`${mode === 'grouping' ? 'Grouping' : 'Group'} ${row.name} created`);
        onClose();
        navigate(`/${effectiveType}-${mode}s/${row.id}`);
      },
      onError: (e: unknown) => setError(failure(e)),
    };
    if (mode === 'grouping') createGrouping.mutate({ type, name: name.trim(), controlled }, done);
    else
      createGroup.mutate(
        { type: effectiveType, name: name.trim(), memberOf: memberOf ? Number(memberOf) : null },
        done,
      );
  }

  return (
    <Modal opened onClose={onClose} title={title}>
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
          {mode === 'group' && (
            <Select
              label="Member of grouping"
              placeholder="None (uncontrolled)"
              clearable
              data={groupingOptions.map(({ value, label }) => ({ value, label }))}
              value={memberOf}
              onChange={setMemberOf}
            />
          )}
          <Select
            label={mode === 'grouping' ? 'Groups of' : 'Granularity'}
            description={chosen ? "Fixed by the grouping's type" : undefined}
            data={TYPE_OPTIONS}
            value={effectiveType}
            disabled={chosen !== undefined}
            allowDeselect={false}
            onChange={(v) => setType((v as GroupType) ?? 'site')}
          />
          {mode === 'grouping' && (
            <Checkbox
              label="Controlled: each asset in at most one group"
              checked={controlled}
              onChange={(e) => setControlled(e.currentTarget.checked)}
            />
          )}
          <FormActions onCancel={onClose} type="submit" loading={create.isPending}>
            Create
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
