import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';

export const SSO_NOTE =
  "Signs in with single sign-on; passwords are managed by the organisation's identity provider.";

/** Shown instead of any password option for people who sign in with single sign-on. */
export function SsoNote() {
  return (
    <Alert variant="light" color="blue" icon={<IconShieldLock size={18} />} p="sm">
      {SSO_NOTE}
    </Alert>
  );
}
