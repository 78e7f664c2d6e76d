import { Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Extracted, ParkedEmail } from '@verdant/contracts/email-processing/queues';
import { useEffect, useState } from 'react';
import { ScrollText } from '../../../components/scroll-text';
import { originalOf } from '../api';
import { fileDeletedText } from './file-deleted';

/** What each pattern found, as a two-column table (blank where it found nothing). */
export function FoundFields({ extracted }: { extracted: Extracted }) {
  const entries = Object.entries(extracted.found);
  if (entries.length === 0) return <Text c="dimmed">No template read this file.</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm">
      <Table.Tbody>
        {entries.map(([field, value]) => (
          <Table.Tr key={field}>
            <Table.Td w={130} c="dimmed">
              {field}
            </Table.Td>
            <Table.Td c={value === null ? 'red' : undefined}>{value ?? 'not found'}</Table.Td>
          </Table.Tr>
        ))}
        {extracted.lines.map((l, i) => (
          <Table.Tr key={`line-${l.description}-${l.amount}`}>
            <Table.Td c="dimmed">line {i + 1}</Table.Td>
            <Table.Td>
              {l.description}: ${l.amount}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The original attachment (a PDF shown as the browser shows it) beside the text and fields read from it. */
export function OriginalBesideExtracted({ item }: { item: ParkedEmail }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    if (item.fileDeletedAt) return;
    originalOf(item)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setFailed(true));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [item]);
  const isPdf = item.filename.toLowerCase().endsWith('.pdf');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="xs" radius="md">
        <Title order={4} fz="sm" mb="xs">
          Original: {item.filename}
        </Title>
        {item.fileDeletedAt && <Text c="red">{fileDeletedText(item.fileDeletedAt)}</Text>}
        {failed && <Text c="red">The original could not be loaded.</Text>}
        {!failed && !url && !item.fileDeletedAt && <Loader size="sm" />}
        {url && isPdf && (
          <iframe
            title={`Original ${item.filename}`}
            src={url}
            style={{ width: '100%', height: 420, border: 0 }}
          />
        )}
        {url && !isPdf && <Text c="dimmed">Not a PDF: use Download to open it.</Text>}
      </Paper>
      <Paper withBorder p="xs" radius="md">
        <Stack gap="xs">
          <Title order={4} fz="sm">
            Extracted{item.templateVersion ? ` (template version ${item.templateVersion})` : ''}
          </Title>
          {item.extracted ? (
            <>
              <FoundFields extracted={item.extracted} />
              <ScrollText label="Extracted text" maxHeight={220}>
                {item.extracted.text || 'No text in this file.'}
              </ScrollText>
            </>
          ) : (
            <Group>
              <Text c="dimmed">Nothing was extracted from this file.</Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
