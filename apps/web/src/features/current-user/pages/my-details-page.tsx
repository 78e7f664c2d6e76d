import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconKey } from '@tabler/icons-react';
import { SETUP_PRODUCTS, SETUP_TITLES } from '@verdant/domain/user-preferences';
import { Link } from 'react-router';
import { ChangePasswordModal } from '../../../components/change-password-modal';
import { PageHeader } from '../../../components/page-header';
import { SsoNote } from '../../../components/sso-note';
import { UserDetailsFields } from '../../../components/user-details-fields';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyDetails, useSaveMyDetails } from '../my-details-api';

/** /my-details: one's own details as inline fields, and one's own password; no access section. */
export function MyDetailsPage() {
  useDocumentTitle('My Details');
  const details = useMyDetails();
  const save = useSaveMyDetails();
  const [passwordOpened, passwordModal] = useDisclosure(false);

  return (
    <>
      <PageHeader title="My Details" description="Your name, contact details and password." />
      {details.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading your details" />
        </Center>
      ) : details.isError ? (
        <Alert color="red" variant="light" role="alert" maw={720}>
          {errorMessage(details.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <UserDetailsFields user={details.data} editable onSave={save} />
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz="md">
                Password
              </Title>
              {details.data.sso ? (
                <SsoNote />
              ) : (
                <Group>
                  <Button variant="default" leftSection={<IconKey size={16} />} onClick={passwordModal.open}>
                    Change password
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz="md">
                Display
              </Title>
              <Text fz="sm" c="dimmed">
                Choose the view mode and the features the portal shows you.
              </Text>
              <Group>
                {SETUP_PRODUCTS.map((product) => (
                  <Button
                    key={product}
                    component={Link}
                    to={`/my-details/${product}-setup`}
                    variant="light"
                    leftSection={<IconAdjustmentsHorizontal size={16} />}
                  >
                    {SETUP_TITLES[product]}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Paper>
          {!details.data.sso && (
            <ChangePasswordModal
              userId={details.data.id}
              opened={passwordOpened}
              onClose={passwordModal.close}
            />
          )}
        </Stack>
      )}
    </>
  );
}
