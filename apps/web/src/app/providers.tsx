import '@mantine/core/styles.css';
import '@mantine/spotlight/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// The banners' component (and its transitions) loads after the first screen; banners shown before it
// arrives wait in the notifications store and appear with it.
const Banners = lazy(async () => ({ default: (await import('./banners-outlet')).BannersOutlet }));

/** Mounts the banners' component once a first banner is asked for (none is on most first screens). */
function LazyBanners() {
  const state = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && state.notifications.length + state.queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Banners />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <LazyBanners />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
