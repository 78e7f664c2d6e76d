import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session-store';

/** Retailers and line item overrides are product administrators' (core-portal.md 6). */
export function ProductAdminOnly({ children }: { children: ReactNode }) {
  const productAdmin = useSession()?.user.productAdmin === true;
  if (productAdmin) return <>{children}</>;
  return (
    <Alert variant="light" color="gray" maw={640}>
      Retailers and line item overrides are kept by the product administrators.
    </Alert>
  );
}
