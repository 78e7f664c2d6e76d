import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useWide } from '../../../lib/use-wide';

/**
 * The complimentary report's preview (docs/decisions/reports.md, The complimentary report's preview on a phone):
 * the PDF in a frame where the browser draws it beside the editor; on a narrow screen, where a phone's browser
 * draws no PDF in a frame, links that open the PDF in the phone's own viewer or download it instead, brought
 * into view (they come under the whole editor).
 */
export function CompPreview({ url }: { url: string }) {
  const wide = useWide();
  const links = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!wide && url) links.current?.scrollIntoView?.({ block: 'nearest' });
  }, [wide, url]);
  return (
    <Box>
      <Text fw={600} mb="xs">
        Preview
      </Text>
      {wide ? (
        <iframe
          title="Complimentary report preview"
          src={url}
          style={{ width: '100%', height: 720, border: '1px solid var(--mantine-color-gray-4)' }}
        />
      ) : (
        <Paper ref={links} withBorder p="md" role="region" aria-label="Complimentary report preview">
          <Text fz="sm" mb="sm">
            The preview is ready as a PDF. Open it in your phone's PDF viewer, or download it.
          </Text>
          <Group gap="sm" grow preventGrowOverflow={false}>
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener"
              leftSection={<IconExternalLink size={16} />}
            >
              Open PDF
            </Button>
            <Button
              component="a"
              href={url}
              download="complimentary-report.pdf"
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Download PDF
            </Button>
          </Group>
        </Paper>
      )}
    </Box>
  );
}
