import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The screen is at least the theme's `sm` breakpoint (48em, 768 px), where a phone ends and the side-by-side
 * layouts begin (docs/decisions/web-ui.md, One breakpoint for phone and wide). Wide until the browser answers:
 * the first render lays out for a desktop, as the CSS breakpoints (`visibleFrom="sm"`) do.
 */
export function useWide(): boolean {
  const { breakpoints } = useMantineTheme();
  return useMediaQuery(`(min-width: ${breakpoints.sm})`, true);
}
