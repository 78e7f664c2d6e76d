import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../lib/session-store';

/**
 * What an organisation's page shows while the session has no organisation (docs/decisions/organisations.md, A
 * session without an organisation): a product administrator of a new installation is sent to choose or add
 * one; anyone else is told to ask to be added.
 */
export function NoOrganisation() {
  const productAdmin = useSession()?.user.productAdmin === true;
  return (
    <Paper withBorder radius="md" p="xl" maw={620}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4">
          No organisation chosen
        </Title>
        <Text>
          {productAdmin
            ? 'Choose the organisation to work in, or add one: its sites, data sources and invoices follow.'
            : "You are not a member of any organisation yet. Ask your organisation's administrator to add you."}
        </Text>
        {productAdmin && (
          <Group>
            <Button
              component={Link}
              to="/switch-organisation"
              leftSection={<IconBuildingCommunity size={16} />}
            >
              Choose or add an organisation
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
