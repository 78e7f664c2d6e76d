import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Kept in view inside a table wider than a phone (ScrollTable): at most the screen's width less the page's and the
 * cell's padding, held at the scrolling region's left edge. For what spans a row's columns (a form opened under a
 * row, a panel, a table's "nothing here"), which would otherwise be laid out across columns scrolled out of sight,
 * its buttons with them. On a wide screen the table fits and this changes nothing; a table that fits a phone (a
 * minimum width of 340 px) needs none.
 */
export const IN_VIEW_STYLE = { position: 'sticky', left: 0, maxWidth: 'calc(100vw - 4rem)' } as const;

export function InView({ children }: { children: ReactNode }) {
  return <Box style={IN_VIEW_STYLE}>{children}</Box>;
}
