import { Modal, Stack, TextInput } from '@mantine/core';
import { contractName } from '@verdant/contracts/rates';
import { fill, MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useNewContract } from '../api';

/** New TOU contract / New PPD contract: a name, unique in the organisation whatever the case. */
export function NewContractModal({
  kind,
  opened,
  onClose,
}: {
  kind: 'tou' | 'ppd';
  opened: boolean;
  onClose: () => void;
}) {
  const create = useNewContract(kind);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = kind === 'tou' ? 'New TOU contract' : 'New PPD contract';

  function close() {
    setName('');
    setError(null);
    onClose();
  }

  function save() {
    const parsed = contractName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.contractNameRequired);
    create.mutate(parsed.data, {
      onSuccess: (c) => {
        showSuccessBanner(fill(MSG.contractCreated, { name: c.name }));
        close();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 400) setError(e.message);
        else if (!isSilentError(e)) showErrorBanner(errorMessage(e));
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack>
        <TextInput
          label="Contract name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <FormActions onCancel={close} onClick={save} loading={create.isPending}>
          Create
        </FormActions>
      </Stack>
    </Modal>
  );
}
