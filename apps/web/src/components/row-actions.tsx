import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RowActionProps {
  /** What the button does, shown as its tooltip ("Edit", "Delete"). */
  tip: string;
  /** The screen reader's name, naming the row ("Delete Head Office"). */
  label: string;
  icon: Icon;
  /** Red, for an action that removes. */
  danger?: boolean;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** A link rather than a button (a download). */
  href?: string;
  download?: string;
}

/**
 * One icon button of a row's actions, with its tooltip and its accessible name (docs/decisions/web-ui.md,
 * Row actions). A disabled button keeps its tooltip, which says why.
 */
export function RowAction({ tip, label, icon: IconOf, danger, href, download, ...rest }: RowActionProps) {
  const color = danger ? 'red' : undefined;
  const button = href ? (
    <ActionIcon
      component="a"
      href={href}
      download={download}
      variant="subtle"
      color={color}
      aria-label={label}
    >
      <IconOf size={16} />
    </ActionIcon>
  ) : (
    <ActionIcon variant="subtle" color={color} aria-label={label} {...rest}>
      <IconOf size={16} />
    </ActionIcon>
  );
  return <Tooltip label={tip}>{rest.disabled ? <span>{button}</span> : button}</Tooltip>;
}

/** A row's action buttons side by side, never wrapping. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}
