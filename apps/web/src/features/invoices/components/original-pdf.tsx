import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useLinkOptions, useLinkOriginal } from '../invoice-api';

/**
 * The invoice header's Original PDF (data-portal.md 2.4, "an Original PDF link or upload/link options"): the
 * link when there is one; else, for an editor, the PDFs already in the portal that may be linked as the
 * original, and the list where a new one is uploaded.
 */
export function OriginalPdf({
  href,
  invoiceId,
  isNew,
  mayEdit,
  invoicesPath,
}: {
  href: string | null;
  invoiceId: number | null;
  isNew: boolean;
  mayEdit: boolean;
  invoicesPath: string;
}) {
  const [linked, setLinked] = useState<string | null>(null);
  const pdf = linked ?? href;
  if (pdf) {
    return (
      <Anchor href={pdf} target="_blank" rel="noopener" fz="sm">
        View the original PDF
      </Anchor>
    );
  }
  if (isNew || invoiceId === null) return 'Attach after saving';
  if (!mayEdit) return 'None attached';
  return <LinkOptions invoiceId={invoiceId} invoicesPath={invoicesPath} onLinked={setLinked} />;
}

function LinkOptions({
  invoiceId,
  invoicesPath,
  onLinked,
}: {
  invoiceId: number;
  invoicesPath: string;
  onLinked: (pdf: string) => void;
}) {
  const options = useLinkOptions(invoiceId);
  const link = useLinkOriginal(invoiceId);
  const [folder, setFolder] = useState<string | null>(null);
  const list = options.data ?? [];
  const send = () => {
    if (!folder) return;
    link.mutate(folder, {
      onSuccess: (answer) => {
        showSuccessBanner('Original PDF linked');
        onLinked(answer.pdf);
      },
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });
  };
  return (
    <Stack gap={4} align="flex-start" w="100%">
      {list.length > 0 && (
        <Group gap="xs" w="100%">
          <Select
            aria-label="A PDF already in the portal"
            placeholder="Link a PDF already in the portal"
            size="xs"
            // Narrows with a phone's column rather than running past the bill's edge; narrower still, Link wraps
            // under it.
            style={{ flex: '1 1 8rem', minWidth: 0, maxWidth: 260 }}
            comboboxProps={{ width: 360, position: 'bottom-start' }}
            data={list.map((o) => ({
              value: o.folder,
              label: `${o.filename} (${o.invoiceNumber ? `invoice ${o.invoiceNumber}` : o.source}, ${formatDisplayDate(o.uploaded)})`,
            }))}
            value={folder}
            onChange={setFolder}
          />
          <Button
            size="compact-sm"
            variant="light"
            disabled={!folder}
            loading={link.isPending}
            onClick={send}
          >
            Link
          </Button>
        </Group>
      )}
      <Anchor component={Link} to={invoicesPath} fz="sm">
        {list.length > 0 ? 'or upload it from the list' : 'None attached: upload it from the list'}
      </Anchor>
    </Stack>
  );
}
