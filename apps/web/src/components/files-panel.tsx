import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconFileTypePdf,
  IconStar,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { FileItem, FileOwnerType, ReplaceMode } from '@verdant/contracts/files';
import { FILE_MAX_MB, FILES_GALLERY_COLUMNS } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { type DragEvent, useState } from 'react';
import { errorMessage, isSilentError } from '../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../lib/banners';
import { useDeleteFile, useFiles, useSetDefault, useUploadFile } from './files-api';
import { RowAction, RowActions } from './row-actions';

export interface FilesPanelProps {
  ownerType: FileOwnerType;
  ownerId: number;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const fail = (error: unknown) => {
  if (!isSilentError(error)) showErrorBanner(errorMessage(error));
};

function Preview({ file }: { file: FileItem }) {
  if (file.thumbnailUrl) {
    return <Image src={file.thumbnailUrl} alt={file.filename} h={120} fit="contain" />;
  }
  const Icon = file.kind === 'pdf' ? IconFileTypePdf : IconFile;
  return (
    <Center h={120} c={file.kind === 'pdf' ? 'red.7' : 'gray.6'}>
      <Icon size={56} stroke={1.4} aria-label={file.kind === 'pdf' ? 'PDF file' : 'File'} />
    </Center>
  );
}

/**
 * The files of an organisation, site, entity or data source: a gallery with thumbnails, upload (button or
 * drag and drop), download, delete and the default image. Observers only look and download.
 */
export function FilesPanel({ ownerType, ownerId }: FilesPanelProps) {
  const list = useFiles(ownerType, ownerId);
  const upload = useUploadFile(ownerType, ownerId);
  const setDefault = useSetDefault(ownerType, ownerId);
  const remove = useDeleteFile(ownerType, ownerId);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const [makingDefault, setMakingDefault] = useState<FileItem | null>(null);

  const files = list.data?.files ?? [];
  const mayEdit = list.data?.mayEdit === true;
  const currentDefault = files.find((f) => f.defaultImage);

  async function uploadAll(chosen: File[]) {
    for (const file of chosen) {
      try {
        await upload.mutateAsync(file);
        showSuccessBanner(fill(MSG.fileUploaded, { name: file.name }));
      } catch (error) {
        fail(error);
      }
    }
  }

  function makeDefault(file: FileItem, replace: ReplaceMode) {
    setMakingDefault(null);
    setDefault.mutate({ fileId: file.id, replace }, { onError: fail });
  }

  function askDefault(file: FileItem) {
    if (currentDefault) setMakingDefault(file);
    else makeDefault(file, 'keep');
  }

  function confirmDelete(file: FileItem) {
    setDeleting(null);
    remove.mutate(file.id, { onSuccess: (answer) => showSuccessBanner(answer.message), onError: fail });
  }

  const dropProps = mayEdit
    ? {
        onDragOver: (event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          void uploadAll(Array.from(event.dataTransfer.files));
        },
      }
    : {};

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (list.isError) {
    return <Text c="red">{errorMessage(list.error)}</Text>;
  }

  return (
    <Stack gap="md" data-testid="files-panel">
      {mayEdit && (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {`Drop files here or choose them. Up to ${FILE_MAX_MB} MB each; images and PDFs get a preview.`}
          </Text>
          <FileButton onChange={(chosen) => void uploadAll(chosen)} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                Upload
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      <Paper
        withBorder
        p="md"
        radius="md"
        {...dropProps}
        data-testid="files-dropzone"
        style={{
          borderStyle: mayEdit ? 'dashed' : undefined,
          borderColor: dragging ? 'var(--mantine-color-verdant-6)' : undefined,
          background: dragging ? 'var(--mantine-color-verdant-0)' : undefined,
        }}
      >
        {files.length === 0 ? (
          <Center py="xl">
            <Text c="dimmed">No files yet.</Text>
          </Center>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: FILES_GALLERY_COLUMNS }} spacing="md">
            {files.map((file) => (
              <Card key={file.id} withBorder padding="xs" radius="md" data-testid="file-card">
                <Card.Section bg="gray.0">
                  <Preview file={file} />
                </Card.Section>
                <Stack gap={4} mt="xs">
                  <Tooltip label={file.filename} openDelay={400}>
                    <Text fz="sm" fw={500} truncate="end">
                      {file.filename}
                    </Text>
                  </Tooltip>
                  <Group justify="space-between" wrap="nowrap" gap={4}>
                    <Box>
                      {file.defaultImage ? (
                        <Badge size="sm" color="verdant" variant="light">
                          Default image
                        </Badge>
                      ) : (
                        <Text fz="xs" c="dimmed">
                          {sizeText(file.sizeBytes)}
                        </Text>
                      )}
                    </Box>
                    <RowActions>
                      {mayEdit && file.kind === 'image' && !file.defaultImage && (
                        <RowAction
                          tip="Make default image"
                          label={`Make ${file.filename} the default image`}
                          icon={IconStar}
                          onClick={() => askDefault(file)}
                        />
                      )}
                      <RowAction
                        tip="Download"
                        label={`Download ${file.filename}`}
                        icon={IconDownload}
                        href={file.downloadUrl}
                        download={file.filename}
                      />
                      {mayEdit && (
                        <RowAction
                          tip="Delete"
                          label={`Delete ${file.filename}`}
                          icon={IconTrash}
                          danger
                          onClick={() => setDeleting(file)}
                        />
                      )}
                    </RowActions>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Paper>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete file" centered>
        <Text>{`Delete ${deleting?.filename ?? ''}? This cannot be undone.`}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => deleting && confirmDelete(deleting)}>
            Delete
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={makingDefault !== null}
        onClose={() => setMakingDefault(null)}
        title="Replace the default image"
        centered
        size="lg"
      >
        <Text>{MSG.fileReplaceDefault}</Text>
        <Text fz="sm" c="dimmed" mt="xs">
          {`Current default: ${currentDefault?.filename ?? ''}`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setMakingDefault(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => makingDefault && makeDefault(makingDefault, 'delete')}
          >
            Delete old image
          </Button>
          <Button onClick={() => makingDefault && makeDefault(makingDefault, 'keep')}>Just replace</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
