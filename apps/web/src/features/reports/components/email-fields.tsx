import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Emailing the report now (data-portal.md 4, Report actions): addresses split by commas, semicolons or
 * spaces (data-portal.md 5); the server names the first that is not an address and sends nothing.
 */
export function EmailFields({
  value,
  onChange,
  onSend,
  sending,
  children,
}: {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  sending: boolean;
  /** The schedule's fields, when the report may be emailed on a schedule. */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text fz="sm" fw={600} mb={4}>
        Email
      </Text>
      <TextInput
        label="Email to"
        description="Addresses separated by commas, semicolons or spaces"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Group justify="flex-end" mt="xs">
        <Button
          variant="light"
          leftSection={<IconMail size={16} />}
          onClick={onSend}
          loading={sending}
          disabled={value.trim().length < 5}
        >
          Email now
        </Button>
      </Group>
      {children}
    </Paper>
  );
}
