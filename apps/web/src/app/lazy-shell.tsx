import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { getSession } from '../lib/session-store';

type ShellModule = typeof import('./shell/shell-layout');

let loaded: ShellModule | null = null;
const loadShell = () =>
  import('./shell/shell-layout').then((module) => {
    loaded = module;
    return module;
  });
const LazyShellLayout = lazy(async () => ({ default: (await loadShell()).ShellLayout }));

/**
 * The signed-in area's loader: with a session it fetches the shell beside the screen's own chunk (no
 * waterfall); without one it fetches nothing, and RequireSession sends the visitor to the login page
 * before the shell is ever asked for (docs/decisions/performance.md, The README's address).
 */
export async function preloadShell(): Promise<null> {
  if (getSession()) await loadShell();
  return null;
}

/**
 * The shell as an element rather than a lazy route: a router loads every matched route's `lazy` before it
 * renders, so the shell would load before the redirect of a signed-out visitor.
 */
export function Shell() {
  const Loaded = loaded?.ShellLayout;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<FullPageLoader label="Loading…" />}>
      <LazyShellLayout />
    </Suspense>
  );
}
