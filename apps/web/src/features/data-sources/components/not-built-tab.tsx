import { Alert } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';

/** A tab a later issue delivers (Invoices, Consumption, Transactions, HH Data): the 'not built yet' notice. */
export function NotBuiltTab({ title }: { title: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconHammer size={18} />} maw={640} title={title}>
      This screen is not built yet.
    </Alert>
  );
}
