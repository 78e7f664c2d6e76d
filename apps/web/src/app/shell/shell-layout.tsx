import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';
import { ActionsRibbonProvider } from '../../components/page-actions';
import { NotificationsModal } from '../../features/notifications/components/notifications-modal';
import { ActionsRibbon, ActionsToggle } from './actions-ribbon';
import { AreaTabs } from './area-tabs';
import { FullMenu } from './full-menu';
import { PinPageButton } from './pin-page-button';
import { SessionWatch } from './session-watch';
import classes from './shell-layout.module.css';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** The frame of every signed-in screen: top bar, side navigation, area tabs and the Actions ribbon. */
export function ShellLayout() {
  const [navOpened, nav] = useDisclosure(false);
  return (
    <ModalsProvider>
      <ActionsRibbonProvider>
        <AppShell
          header={{ height: 56 }}
          navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding={0}
        >
          <AppShell.Header>
            <TopBar navOpened={navOpened} onToggleNav={nav.toggle} />
          </AppShell.Header>
          <AppShell.Navbar>
            <SideNav onNavigate={nav.close} />
          </AppShell.Navbar>
          <AppShell.Main bg="var(--mantine-color-gray-0)">
            <Box
              pos="sticky"
              top={56}
              bg="var(--mantine-color-body)"
              style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <div className={classes.bar}>
                <div className={classes.tabs}>
                  <AreaTabs />
                </div>
                <div className={classes.buttons}>
                  <PinPageButton />
                  <ActionsToggle />
                </div>
              </div>
              <ActionsRibbon />
            </Box>
            <Box component="section" p="lg" maw={1440}>
              <Outlet />
            </Box>
          </AppShell.Main>
        </AppShell>
        <FullMenu />
        <SessionWatch />
        <NotificationsModal />
      </ActionsRibbonProvider>
    </ModalsProvider>
  );
}
