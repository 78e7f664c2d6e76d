import { Button, Center, FileButton, Group, Image, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { FILE_MAX_MB, IMAGE_TYPES } from '@verdant/domain/constants';
import { useState } from 'react';
import { errorMessage, isSilentError } from '../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../lib/banners';
import { useDeleteLogo, useOrganisationLogo, useUploadLogo } from './organisation-logo-api';

const ACCEPT = IMAGE_TYPES.map((t) => `.${t}`).join(',');
const fail = (error: unknown) => {
  if (!isSilentError(error)) showErrorBanner(errorMessage(error));
};

/** The organisation logo: preview, and for administrators upload, replace and delete. */
export function OrganisationLogoEditor({ organisationId }: { organisationId: number }) {
  const logo = useOrganisationLogo(organisationId);
  const upload = useUploadLogo(organisationId);
  const remove = useDeleteLogo(organisationId);
  const [confirming, setConfirming] = useState(false);
  const current = logo.data?.logo ?? null;
  const mayEdit = logo.data?.mayEdit === true;

  const choose = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: () => showSuccessBanner('Logo saved'), onError: fail });
  };

  return (
    <Stack gap="sm" data-testid="organisation-logo-editor">
      <Paper withBorder radius="md" p="md" w={320} h={140} bg="gray.0">
        <Center h="100%">
          {current ? (
            <Image src={current.url} alt="Organisation logo" mah={108} maw={288} fit="contain" />
          ) : (
            <Stack gap={4} align="center" c="dimmed">
              <IconPhoto size={32} stroke={1.4} aria-hidden />
              <Text fz="sm">No logo</Text>
            </Stack>
          )}
        </Center>
      </Paper>
      {mayEdit && (
        <Group gap="sm">
          <FileButton onChange={choose} accept={ACCEPT}>
            {(props) => (
              <Button {...props} size="sm" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {current ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {current && (
            <Button
              size="sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
              loading={remove.isPending}
            >
              Delete logo
            </Button>
          )}
          <Text fz="xs" c="dimmed">
            {`png, bmp, jpg, jpeg or gif, up to ${FILE_MAX_MB} MB.`}
          </Text>
        </Group>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete logo" centered>
        <Text>Delete the organisation logo?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              remove.mutate(undefined, { onSuccess: () => showSuccessBanner('Logo deleted'), onError: fail });
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
