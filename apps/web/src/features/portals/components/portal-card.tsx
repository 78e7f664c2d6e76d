import {
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Menu,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { DataEntryPortal } from '@verdant/contracts/portals/shapes';
import { formatDisplayDate } from '@verdant/domain/dates';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useLinkAction } from '../api';

/** The link to share: the key in the fragment, never sent to a server by the browser. */
export const linkOf = (portal: DataEntryPortal) =>
  `${window.location.origin}/portals/${portal.url}#key=${encodeURIComponent(portal.link.key)}`;

/** One portal in the list: its quantities, link, and per period what is due, received, late and approved. */
export function PortalCard({
  portal,
  onEdit,
  onReview,
  onContacts,
  onLinkSettings,
}: {
  portal: DataEntryPortal;
  onEdit: () => void;
  onReview: () => void;
  onContacts: () => void;
  onLinkSettings: () => void;
}) {
  const link = useLinkAction();
  const act = (action: 'rotate' | 'revoke') =>
    link.mutate(
      { id: portal.id, action },
      { onSuccess: (a) => showSuccessBanner(a.message), onError: (e) => showErrorBanner(errorMessage(e)) },
    );
  return (
    <Card withBorder radius="md" component="article" aria-label={portal.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={700} fz="lg">
              {portal.name}
            </Text>
            <Text fz="sm" c="dimmed">
              {`${portal.period} · ${portal.quantities.map((q) => q.name).join(', ')}`}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" onClick={onReview}>
              {`Review${portal.awaitingReview > 0 ? ` (${portal.awaitingReview})` : ''}`}
            </Button>
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="xs" variant="default">
                  Link
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => act('rotate')}>Make a new link</Menu.Item>
                <Menu.Item onClick={() => act('revoke')} color="red" disabled={portal.link.revoked}>
                  Withdraw the link
                </Menu.Item>
                <Menu.Item onClick={onLinkSettings}>Last day and reminders</Menu.Item>
                <Menu.Item onClick={onContacts}>Contacts</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Group gap="xs">
          {portal.link.revoked ? (
            <Badge color="red" variant="light">
              Link withdrawn
            </Badge>
          ) : (
            <CopyButton value={linkOf(portal)}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Link copied' : 'Copy the link'}
                </Button>
              )}
            </CopyButton>
          )}
          {!portal.link.revoked && (
            <Anchor href={linkOf(portal)} target="_blank" rel="noopener noreferrer" fz="sm">
              Open the page
            </Anchor>
          )}
          <Text fz="xs" c="dimmed" truncate visibleFrom="sm" maw={360}>
            {`/portals/${portal.url}${portal.link.expiresOn ? ` · works until ${formatDisplayDate(portal.link.expiresOn)}` : ''}`}
          </Text>
        </Group>
        <Table aria-label={`Periods of ${portal.name}`} fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Period</Table.Th>
              <Table.Th visibleFrom="xs">Due</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Late</Table.Th>
              <Table.Th visibleFrom="sm">Approved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {portal.periods.slice(0, 3).map((p) => (
              <Table.Tr key={p.start}>
                <Table.Td>{p.label}</Table.Td>
                <Table.Td visibleFrom="xs">{formatDisplayDate(p.due)}</Table.Td>
                <Table.Td>
                  <Text fz="sm">{`${p.received} of ${p.expected} (${Math.round(p.share * 100)}%)`}</Text>
                  <Progress value={p.share * 100} size="xs" aria-hidden />
                </Table.Td>
                <Table.Td c={p.late > 0 ? 'red.8' : undefined}>{p.late}</Table.Td>
                <Table.Td visibleFrom="sm">{`${Math.round(p.approvedShare * 100)}%`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
