import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { fill, MSG } from '@verdant/domain/messages';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDeleteSite } from '../api';

/**
 * Confirms, archives the site, and goes back to the sites list; a refusal closes the modal with the reason.
 * A site with data sources is told at once that it cannot be deleted.
 */
export function DeleteSiteModal({
  site,
  opened,
  onClose,
}: {
  site: { id: number; name: string; meters: number };
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteSite(site.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        onClose();
        showSuccessBanner(fill(MSG.siteDeleted, { name: site.name }));
        navigate('/organisation/sites');
      },
      onError: (error) => {
        onClose();
        showErrorBanner(fill(MSG.deleteFailed, { name: site.name, message: errorMessage(error) }));
      },
    });
  // A site that still has data sources cannot be deleted: say so at once rather than refuse after confirming.
  if (site.meters > 0) {
    return (
      <Modal opened={opened} onClose={onClose} title={`Delete ${site.name}`} centered>
        <Stack>
          <Text>{`${site.name} cannot be deleted yet. ${MSG.siteHasDataSources}`}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${site.name}`} centered>
      <Stack>
        <Text>
          {`Delete ${site.name}? The site and its entities are archived; a product administrator can restore them within three months.`}
        </Text>
        <FormActions onCancel={onClose} color="red" loading={remove.isPending} onClick={confirm}>
          Delete
        </FormActions>
      </Stack>
    </Modal>
  );
}
