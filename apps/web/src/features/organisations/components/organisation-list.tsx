import { Badge, Group, Loader, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { OrgListItem } from '@verdant/contracts/current-user';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { useId } from 'react';
import classes from './organisation-list.module.css';

interface OrganisationListProps {
  title: string;
  items: OrgListItem[] | undefined;
  loading: boolean;
  currentId: number | null;
  switchingId: number | null;
  onChoose: (org: OrgListItem) => void;
}

function Row({
  org,
  current,
  switching,
  disabled,
  onChoose,
}: {
  org: OrgListItem;
  current: boolean;
  switching: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const metaId = useId();
  const lastUsed = formatDisplayDate(org.lastUsed);
  return (
    <li>
      <UnstyledButton
        className={classes.row}
        onClick={onChoose}
        disabled={disabled}
        aria-label={org.name}
        aria-describedby={metaId}
        aria-current={current ? 'true' : undefined}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Text fw={600} fz="sm" truncate>
              {org.name}
            </Text>
            <Text id={metaId} fz="xs" c="dimmed">
              {lastUsed ? `Last used ${lastUsed}` : 'Not used yet'}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {org.disabled && (
              <Badge color="gray" variant="light" size="sm">
                Disabled
              </Badge>
            )}
            {current && (
              <Badge color="verdant" variant="light" size="sm">
                Current
              </Badge>
            )}
            {switching ? <Loader size={16} /> : <IconChevronRight size={16} aria-hidden />}
          </Group>
        </Group>
      </UnstyledButton>
    </li>
  );
}

export function OrganisationList({
  title,
  items,
  loading,
  currentId,
  switchingId,
  onChoose,
}: OrganisationListProps) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h5" id={headingId} mb="sm">
        {title}
      </Title>
      {loading && !items ? (
        <Stack gap="xs">
          <Skeleton h={44} />
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : items && items.length > 0 ? (
        <ul className={classes.list} aria-labelledby={headingId}>
          {items.map((org) => (
            <Row
              key={org.id}
              org={org}
              current={org.id === currentId}
              switching={org.id === switchingId}
              disabled={switchingId !== null}
              onChoose={() => onChoose(org)}
            />
          ))}
        </ul>
      ) : (
        <Text c="dimmed" fz="sm" py="sm">
          {MSG.noResults}
        </Text>
      )}
    </Paper>
  );
}
