import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { AlternateLogin } from '@verdant/contracts/auth';

interface AlternateLoginPanelProps {
  option: AlternateLogin;
}

/** A second way in that an operator configured (for example a partner portal), shown beside the form. */
export function AlternateLoginPanel({ option }: AlternateLoginPanelProps) {
  const { label, text, url } = option.props;
  const heading = label ?? option['login-option'] ?? 'Other sign-in';
  return (
    <Paper component="section" aria-label={heading} withBorder radius="lg" p="xl" shadow="xs" w="100%">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {heading}
        </Title>
        {text && (
          <Text fz="sm" c="dimmed">
            {text}
          </Text>
        )}
        {url && (
          <Button
            component="a"
            href={url}
            variant="light"
            fullWidth
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal' } }}
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {`Continue to ${heading}`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
