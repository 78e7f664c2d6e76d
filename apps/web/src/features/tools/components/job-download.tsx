import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { toolsOperations as ops } from '@verdant/contracts/tools';
import { useState } from 'react';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { saveFile } from '../../../lib/download';
import { call } from '../../../lib/operations';

/** The file a finished job left (a data load's refused rows), saved under its own name. */
export function JobDownload({ jobId, download }: { jobId: number; download: { filename: string } | null }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!download) return null;
  async function save(filename: string) {
    setBusy(true);
    setProblem(null);
    try {
      saveFile(await call(ops.jobFile, { params: { id: jobId } }), filename);
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h6" mb={4}>
        To download
      </Title>
      <Group gap="sm">
        <Text size="sm">{download.filename}</Text>
        <Button
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={busy}
          onClick={() => save(download.filename)}
        >
          Download
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {problem}
        </Text>
      )}
    </Paper>
  );
}
