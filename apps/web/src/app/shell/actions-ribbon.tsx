import { Box, Button, Group, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useActionsRibbon } from '../../components/page-actions';

const RIBBON_ID = 'actions-ribbon';

export function ActionsToggle() {
  const { opened, toggle } = useActionsRibbon();
  return (
    <Button
      variant={opened ? 'light' : 'subtle'}
      size="compact-sm"
      leftSection={<IconBolt size={16} aria-hidden />}
      aria-expanded={opened}
      aria-controls={RIBBON_ID}
      onClick={toggle}
    >
      Actions
    </Button>
  );
}

export function ActionsRibbon() {
  const { opened, setSlot, providers } = useActionsRibbon();
  if (!opened) return null;
  return (
    <Box
      id={RIBBON_ID}
      role="region"
      aria-label="Actions"
      px="lg"
      py="xs"
      bg="var(--mantine-color-gray-0)"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs" mih={30}>
        <Group gap="xs" ref={setSlot} />
        {providers === 0 && (
          <Text fz="sm" c="dimmed">
            No actions for this page
          </Text>
        )}
      </Group>
    </Box>
  );
}
