import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * One titled block of a settings page (the organisation's, a data source's Details, a vehicle's groups and
 * identifiers), a landmark of its own for keyboard and screen-reader users; `right` holds its actions.
 */
export function SettingsSection({
  title,
  description,
  right,
  children,
}: {
  title: string;
  description?: ReactNode;
  right?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Group justify="space-between" gap={8} wrap="wrap">
            <Title order={2} fz="lg" id={id}>
              {title}
            </Title>
            {right}
          </Group>
          {description && (
            <Text fz="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
