import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a settings page (the data source's Details, the vehicle's group and identifiers). */
export function Section({
  title,
  children,
  right,
}: {
  title: string;
  children: ReactNode;
  right?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title
        order={2}
        fz="lg"
        mb="sm"
        style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}
      >
        {title}
        {right}
      </Title>
      {children}
    </Paper>
  );
}
