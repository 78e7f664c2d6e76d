import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { errorMessage } from '../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../lib/banners';
import { GroupMemberships } from './group-memberships';
import { InlineField } from './inline-field';
import {
  useCopyIdentifiers,
  useMeterGroup,
  useNewIdentifier,
  useSameSite,
  useSetIdentifier,
} from './meter-api';
import { SettingsSection } from './settings-section';

/** The meter groups a data source (or a vehicle, through its fuel meter) belongs to; editors join and leave them. */
export function GroupsSection({ meter, asset = 'data source' }: { meter: MeterDetail; asset?: string }) {
  const membership = useMeterGroup(meter.id);
  return (
    <SettingsSection title="Groups">
      <GroupMemberships
        joined={meter.joinedGroups}
        available={meter.availableGroups}
        mayEdit={meter.mayEdit}
        busy={membership.isPending}
        emptyText={`This ${asset} belongs to no group.`}
        joinLabel="Join a group"
        onChange={(groupId, join) =>
          membership.mutate({ groupId, join }, { onError: (e) => showErrorBanner(errorMessage(e)) })
        }
      />
    </SettingsSection>
  );
}

function NewIdentifierModal({
  meter,
  opened,
  onClose,
}: {
  meter: MeterDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const create = useNewIdentifier(meter.organisationId);
  const taken = meter.identifiers.some((i) => i.identifierLabel.toLowerCase() === name.trim().toLowerCase());
  const error =
    name.length > 0 && !name.trim() ? MSG.identifierNameRequired : taken ? MSG.identifierNameExists : null;
  return (
    <Modal opened={opened} onClose={onClose} title="New Identifier" centered>
      <Stack>
        <TextInput
          label="Identifier name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!name.trim() || error !== null}
            loading={create.isPending}
            onClick={() =>
              create.mutate(name.trim(), {
                onSuccess: () => {
                  setName('');
                  onClose();
                },
                onError: (e) => showErrorBanner(errorMessage(e)),
              })
            }
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CopyIdentifiersModal({
  meter,
  opened,
  onClose,
}: {
  meter: MeterDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const others = useSameSite(meter.id, opened);
  const copy = useCopyIdentifiers(meter.id);
  const [from, setFrom] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Copy Identifier From" centered>
      <Stack>
        <Select
          label="Data source of this site"
          data={(others.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          value={from}
          onChange={setFrom}
          nothingFoundMessage="No other data source on this site"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={from === null}
            loading={copy.isPending}
            onClick={() =>
              copy.mutate(Number(from), {
                onSuccess: () => {
                  showSuccessBanner('Identifiers copied');
                  onClose();
                },
                onError: (e) => showErrorBanner(errorMessage(e)),
              })
            }
          >
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The organisation's identifier labels with this data source's values, each saving itself. */
export function IdentifiersSection({ meter }: { meter: MeterDetail }) {
  const setIdentifier = useSetIdentifier(meter.id);
  const [dialog, setDialog] = useState<'new' | 'copy' | null>(null);
  return (
    <SettingsSection
      title="Identifiers"
      right={
        meter.mayEdit && (
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={() => setDialog('new')}>
              New Identifier
            </Button>
            <Button size="compact-sm" variant="light" onClick={() => setDialog('copy')}>
              Copy Identifier From
            </Button>
          </Group>
        )
      }
    >
      {meter.identifiers.length === 0 ? (
        <Text c="dimmed" fz="sm">
          The organisation has no identifiers yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {meter.identifiers.map((i) => (
            <InlineField
              key={i.identifierId}
              label={i.identifierLabel}
              name="value"
              value={i.value}
              readOnly={!meter.mayEdit}
              onSave={(value) => setIdentifier.mutateAsync({ identifierId: i.identifierId, value })}
            />
          ))}
        </SimpleGrid>
      )}
      <NewIdentifierModal meter={meter} opened={dialog === 'new'} onClose={() => setDialog(null)} />
      <CopyIdentifiersModal meter={meter} opened={dialog === 'copy'} onClose={() => setDialog(null)} />
    </SettingsSection>
  );
}
