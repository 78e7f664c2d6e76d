import { Button, Divider, Kbd, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { spotlight } from '@mantine/spotlight';
import { IconHelp, IconLayoutDashboard, IconLogout, IconMenu2, IconUserCircle } from '@tabler/icons-react';
import { MENU, type MenuEntry } from '@verdant/domain/menu';
import { NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import { useFullMenu, useNavIcons } from '../../features/current-user/api';
import { MenuIcon } from './menu-icons';
import { menuEntryFor } from './route-titles';

interface SideNavProps {
  onNavigate: () => void;
}

/** Pinned ids are shown only while the menu still offers them: rights can change after pinning. */
function useQuickIcons() {
  const navIcons = useNavIcons();
  const fullMenu = useFullMenu();
  const offered = fullMenu.data ? new Set(fullMenu.data.map((item) => item.id)) : null;
  return (navIcons.data ?? [])
    .map((id) => MENU.find((item) => item.id === id))
    .filter(
      (item): item is MenuEntry =>
        item !== undefined && (!offered || offered.has(item.id)) && item.id !== 'dashboard',
    );
}

export function SideNav({ onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const quick = useQuickIcons();
  const activeId = menuEntryFor(pathname)?.id;
  const isActive = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

  return (
    <Stack h="100%" gap={0} component="nav" aria-label="Main">
      <Button
        variant="light"
        leftSection={<IconMenu2 size={18} aria-hidden />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        styles={{ label: { flex: 1 } }}
        m="sm"
        onClick={() => spotlight.open()}
        aria-haspopup="dialog"
      >
        Menu
      </Button>
      <ScrollArea style={{ flex: 1 }} px="sm">
        <NavLink
          component={RouterNavLink}
          to="/dashboard"
          label="Dashboard"
          leftSection={<IconLayoutDashboard size={18} stroke={1.7} aria-hidden />}
          active={isActive('/dashboard')}
          onClick={onNavigate}
        />
        {quick.length > 0 && (
          <>
            <Text fz={11} fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
              Quick icons
            </Text>
            <div>
              {quick.map((item) => (
                <NavLink
                  key={item.id}
                  component={RouterNavLink}
                  to={item.path}
                  label={item.label}
                  leftSection={<MenuIcon id={item.id} />}
                  active={activeId === item.id}
                  onClick={onNavigate}
                />
              ))}
            </div>
          </>
        )}
      </ScrollArea>
      <Divider />
      <Stack gap={0} p="sm">
        <NavLink
          component={RouterNavLink}
          to="/my-details"
          label="My Account"
          leftSection={<IconUserCircle size={18} stroke={1.7} aria-hidden />}
          active={isActive('/my-details')}
          onClick={onNavigate}
        />
        <NavLink
          component={RouterNavLink}
          to="/help"
          label="Help"
          leftSection={<IconHelp size={18} stroke={1.7} aria-hidden />}
          active={isActive('/help')}
          onClick={onNavigate}
        />
        <NavLink
          component="button"
          label="Logout"
          leftSection={<IconLogout size={18} stroke={1.7} aria-hidden />}
          // The /logout address signs out and reloads, which leaves nothing of the session in memory.
          onClick={() => navigate('/logout')}
        />
      </Stack>
    </Stack>
  );
}
