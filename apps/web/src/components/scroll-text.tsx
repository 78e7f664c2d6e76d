import { Code } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A block of text kept as written (a file's extracted text, a report's XML), scrolling when it is taller or wider
 * than its box. Like ScrollTable, the scrolling block is a named, focusable region, so that it can be scrolled from
 * the keyboard (WCAG 2.1.1).
 */
export function ScrollText({
  label,
  maxHeight,
  children,
  ...rest
}: {
  label: string;
  maxHeight?: number;
  children: ReactNode;
} & Omit<ComponentProps<typeof Code>, 'block' | 'children'>) {
  return (
    <Code
      block
      role="region"
      aria-label={label}
      tabIndex={0}
      mah={maxHeight}
      style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }}
      {...rest}
    >
      {children}
    </Code>
  );
}
