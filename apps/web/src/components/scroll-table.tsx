import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen. The scrolling region is a named, focusable region,
 * so keyboard users can scroll it too.
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    // Positioned, so visually hidden cell text (absolutely placed) stays inside the region instead of widening the page.
    // A scrolling region takes focus, so that it can be scrolled from the keyboard (WCAG 2.1.1).
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', position: 'relative' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
