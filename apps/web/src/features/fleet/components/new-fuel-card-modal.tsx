import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useState } from 'react';
import { useAssetBrowse } from '../../../components/use-asset-browse';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOrganisationId } from '../../../lib/session-store';
import { checkCardName, useCreateCard } from '../api';

/** New Fuel Card: the name is uppercased and checked 500 ms after typing stops; a site is required. */
export function NewFuelCardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const orgId = useOrganisationId();
  const [name, setName] = useState('');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(name.trim(), DEBOUNCE_MS);
  const check = useQuery({
    queryKey: ['card-name', orgId, debounced],
    queryFn: () => checkCardName(orgId ?? 0, debounced),
    enabled: opened && orgId !== null && debounced !== '',
  });
  const sites = useAssetBrowse('site', opened, { open: true });
  const siteOptions = (sites.data?.pages ?? [])
    .flatMap((p) => p.results)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const create = useCreateCard();
  const checked = check.isSuccess && debounced === name.trim();
  const taken = checked && check.data.exists;
  const close = () => {
    setName('');
    setSiteId(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New Fuel Card">
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value.toUpperCase())}
          error={taken ? check.data.message : undefined}
          required
          data-autofocus
        />
        <Select label="Site" data={siteOptions} value={siteId} onChange={setSiteId} searchable required />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!checked || taken || siteId === null}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { name: name.trim(), siteId: siteId ? Number(siteId) : null },
                {
                  onSuccess: (answer) => {
                    showSuccessBanner(answer.message);
                    close();
                  },
                  onError: (error) => showErrorBanner(errorMessage(error)),
                },
              )
            }
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
