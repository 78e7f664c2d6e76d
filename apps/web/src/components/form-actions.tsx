import { Alert, Button, type ButtonProps, Group } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type SubmitProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * A form's footer: Cancel, then the form's one action on the right (docs/decisions/web-ui.md, Shared components
 * instead of copies). The props other than `onCancel` and `cancelLabel` go to the action's button; its children
 * are its label.
 */
export function FormActions({
  onCancel,
  cancelLabel = 'Cancel',
  ...submit
}: SubmitProps & { onCancel: () => void; cancelLabel?: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button {...submit} />
    </Group>
  );
}

/** A form's error from the server, announced to screen readers; nothing while there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
