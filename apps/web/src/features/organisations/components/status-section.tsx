import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Organisation } from '@verdant/contracts/organisations';
import { ORGANISATION_STATUS } from '@verdant/domain/constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useSetEnabled } from '../organisation-api';

/**
 * Enable or disable the organisation, after confirmation. Disabling blocks every member (the person doing it
 * too, unless a product administrator), so it then leaves for the organisation switcher.
 */
export function StatusSection({ organisation }: { organisation: Organisation }) {
  const setEnabled = useSetEnabled();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const enabled = organisation.statusId === ORGANISATION_STATUS.enabled;
  const mayToggle = enabled ? organisation.mayEdit : organisation.mayEnable;

  const confirm = () =>
    setEnabled.mutate(!enabled, {
      onSuccess: (answer) => {
        showSuccessBanner(answer.message);
        setConfirming(false);
        if (enabled && !organisation.mayEnable) {
          queryClient.clear();
          navigate('/switch-organisation');
        }
      },
      onError: (failure) => {
        setConfirming(false);
        if (!isSilentError(failure)) showErrorBanner(errorMessage(failure));
      },
    });

  return (
    <SettingsSection
      title="Organisation Status"
      description={
        enabled ? 'The organisation is enabled.' : 'The organisation is disabled: its members cannot use it.'
      }
    >
      {mayToggle ? (
        <Group>
          <Button color={enabled ? 'red' : 'teal'} variant="light" onClick={() => setConfirming(true)}>
            {enabled ? 'Disable organisation' : 'Enable organisation'}
          </Button>
        </Group>
      ) : (
        !enabled && <Text fz="sm">Only a product administrator can enable it again.</Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={enabled ? `Disable ${organisation.name}?` : `Enable ${organisation.name}?`}
        centered
      >
        <Stack>
          {enabled ? (
            <Alert color="red" variant="light">
              Every member loses access to {organisation.name}, including you unless you are a product
              administrator. Only a product administrator can enable it again.
            </Alert>
          ) : (
            <Text>Its members will have access to {organisation.name} again.</Text>
          )}
          <FormActions
            onCancel={() => setConfirming(false)}
            color={enabled ? 'red' : 'teal'}
            loading={setEnabled.isPending}
            onClick={confirm}
          >
            {enabled ? 'Disable' : 'Enable'}
          </FormActions>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
