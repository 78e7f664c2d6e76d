import { Anchor, Avatar, Badge, Burger, Button, Group, Image, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconLeaf } from '@tabler/icons-react';
import { MSG } from '@verdant/domain/messages';
import { Link } from 'react-router';
import { useOrganisationLogo } from '../../components/organisation-logo-api';
import { useOrgSummary } from '../../lib/current-user';
import { useSession } from '../../lib/session-store';

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function TopBar({ navOpened, onToggleNav }: TopBarProps) {
  const session = useSession();
  const summary = useOrgSummary();
  const organisationName = summary.data?.name ?? session?.organisation?.name ?? 'Choose an organisation';
  const user = session?.user;
  const logo = useOrganisationLogo(session?.organisation?.id ?? null).data?.logo ?? null;
  const userName = user ? `${user.firstName} ${user.surname}`.trim() || user.userId : '';
  const initials = user ? `${user.firstName.charAt(0)}${user.surname.charAt(0)}`.toUpperCase() : '';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor component={Link} to="/dashboard" underline="never" aria-label="Verdant home">
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={30} radius="md" aria-hidden>
              <IconLeaf size={18} />
            </ThemeIcon>
            <Text component="span" fw={750} fz="lg" c="verdant.9" lts={-0.3} visibleFrom="xs">
              Verdant
            </Text>
          </Group>
        </Anchor>
        <Tooltip label="Switch organisation" withArrow>
          <Button
            component={Link}
            to="/switch-organisation"
            variant="default"
            size="sm"
            rightSection={<IconArrowsExchange size={16} aria-hidden />}
            miw={0}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
            data-testid="organisation-name"
          >
            {organisationName}
          </Button>
        </Tooltip>
        {logo && (
          <Image
            src={logo.url}
            alt={`${organisationName} logo`}
            h={32}
            w="auto"
            maw={120}
            fit="contain"
            visibleFrom="sm"
            style={{ flex: 'none' }}
          />
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {session?.testDrive && (
          <Tooltip label={MSG.testDriveReadOnly} multiline w={260} withArrow>
            <Badge color="orange" variant="light" size="lg" tabIndex={0} style={{ flexShrink: 0 }}>
              Test drive
            </Badge>
          </Tooltip>
        )}
        <Text fz="sm" fw={500} visibleFrom="sm" data-testid="user-name">
          {userName}
        </Text>
        <Avatar color="verdant" radius="xl" size={32} aria-hidden>
          {initials}
        </Avatar>
      </Group>
    </Group>
  );
}
