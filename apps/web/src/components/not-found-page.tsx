import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <IconCompass size={48} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
      <Title order={1} fz={26}>
        Page not found
      </Title>
      <Text c="dimmed" maw={420}>
        There is no page at this address. It may have moved, or the link may be mistyped.
      </Text>
      <Button component={Link} to="/dashboard" variant="light">
        Go to the dashboard
      </Button>
    </Stack>
  );
}
