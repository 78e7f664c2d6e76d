import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { SearchResult } from '@verdant/contracts/search';
import type { AdvancedRight } from '@verdant/contracts/users';
import { ADVANCED_RIGHT_OPTIONS } from '@verdant/domain/access-options';
import { ACCESS, ACCESS_LABELS, MODAL_HEIGHT_PX, MODAL_WIDTH_PERCENT } from '@verdant/domain/constants';
import { useState } from 'react';
import { AssetSearch } from '../../../components/asset-search';
import { ASSET_TYPE_LABELS } from '../../../components/asset-types';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useAddRight, useAdvancedRights, useRemoveRight } from '../advanced-rights-api';
import { CopyRightsSection } from './copy-rights-section';

interface AdvancedRightsModalProps {
  userId: number;
  name: string;
  opened: boolean;
  onClose: () => void;
}

function failed(error: unknown): void {
  if (!isSilentError(error)) showErrorBanner(errorMessage(error));
}

function RightsTable({ userId, rights }: { userId: number; rights: AdvancedRight[] }) {
  const remove = useRemoveRight(userId);
  if (rights.length === 0) {
    return (
      <Text fz="sm" c="dimmed" py="xs">
        No advanced rights: the organisation access level applies everywhere.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} aria-label="Advanced rights">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Asset type</Table.Th>
          <Table.Th>Asset</Table.Th>
          <Table.Th>Right</Table.Th>
          <Table.Th w={48} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rights.map((right) => {
          const label = `Remove the right on ${right.assetName}`;
          const removing =
            remove.isPending &&
            remove.variables?.assetType === right.assetType &&
            remove.variables.assetId === right.assetId;
          return (
            <Table.Tr key={`${right.assetType}:${right.assetId}`}>
              <Table.Td>{ASSET_TYPE_LABELS[right.assetType]}</Table.Td>
              <Table.Td>{right.assetName}</Table.Td>
              <Table.Td>{ACCESS_LABELS[right.rightId] ?? right.rightId}</Table.Td>
              <Table.Td>
                <Tooltip label={label} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={label}
                    loading={removing}
                    onClick={() =>
                      remove.mutate(
                        { assetType: right.assetType, assetId: right.assetId },
                        { onError: failed },
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function AddRight({ userId }: { userId: number }) {
  const [asset, setAsset] = useState<SearchResult | null>(null);
  const [rightId, setRightId] = useState<number>(ACCESS.generalUser);
  const add = useAddRight(userId);
  // A new search component after each grant starts the next one from a clean slate.
  const [round, setRound] = useState(0);

  const submit = () => {
    if (!asset || asset.type === 'vehicle') return;
    add.mutate(
      { assetType: asset.type, assetId: asset.id, rightId },
      {
        onSuccess: () => {
          setAsset(null);
          setRound((n) => n + 1);
        },
        onError: failed,
      },
    );
  };

  return (
    <Stack gap="xs">
      <AssetSearch key={round} selected={asset} onSelect={setAsset} />
      <Group align="flex-end" gap="sm">
        <Select<number>
          label="Right"
          data={ADVANCED_RIGHT_OPTIONS as { value: number; label: string }[]}
          value={rightId}
          onChange={(value) => value !== null && setRightId(value)}
          allowDeselect={false}
          w={200}
        />
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!asset}
          loading={add.isPending}
          onClick={submit}
        >
          Add
        </Button>
        {asset && (
          <Text fz="sm" c="dimmed">{`Selected: ${asset.name} (${ASSET_TYPE_LABELS[asset.type]})`}</Text>
        )}
      </Group>
    </Stack>
  );
}

/** A person's rights on particular assets, beyond (or below) their organisation access level. */
export function AdvancedRightsModal({ userId, name, opened, onClose }: AdvancedRightsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Advanced Rights: ${name}`}
      size={`${MODAL_WIDTH_PERCENT}%`}
      styles={{ content: { minHeight: Math.min(MODAL_HEIGHT_PX, window.innerHeight - 80) } }}
      centered
    >
      {opened && <AdvancedRightsBody userId={userId} name={name} />}
    </Modal>
  );
}

function AdvancedRightsBody({ userId, name }: { userId: number; name: string }) {
  const rights = useAdvancedRights(userId);
  return (
    <Stack gap="lg">
      <Text fz="sm" c="dimmed">
        A right applies to the asset and everything beneath it; on a group it applies to the group&apos;s
        current members.
      </Text>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Current rights
        </Title>
        {rights.isPending ? (
          <Text fz="sm" c="dimmed">
            Loading…
          </Text>
        ) : rights.isError ? (
          <Text fz="sm" c="red" role="alert">
            {errorMessage(rights.error)}
          </Text>
        ) : (
          <RightsTable userId={userId} rights={rights.data} />
        )}
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} fz="md">
          Add a right
        </Title>
        <AddRight userId={userId} />
      </Stack>
      <Divider />
      <CopyRightsSection userId={userId} name={name} />
    </Stack>
  );
}
