import { Button, EmptyState, Paper } from '@mantine/core';
import { IconChartLine, IconFileAnalytics } from '@tabler/icons-react';
import { Link } from 'react-router';

const KINDS = {
  reports: {
    icon: <IconFileAnalytics size={32} />,
    title: 'No favourite reports yet',
    description:
      'Reports you mark as a favourite on the Reports screen are listed here, where you can run, rename or delete them.',
    to: '/reports/mgmt',
    action: 'Go to Reports',
  },
  graphs: {
    icon: <IconChartLine size={32} />,
    title: 'No favourite graphs yet',
    description:
      'Graphs you set as a favourite on the Time Series screen are listed here; opening one takes you back to the graph as you saved it.',
    to: '/reports/ts',
    action: 'Go to Time Series',
  },
} as const;

/** The Favourite Reports tab until reports exist, and the Favourite Graphs tab while it holds none. */
export function FavouritesEmpty({ kind }: { kind: keyof typeof KINDS }) {
  const { icon, title, description, to, action } = KINDS[kind];
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={icon} withIndicatorBackground title={title} description={description}>
        <EmptyState.Actions>
          <Button component={Link} to={to} variant="light">
            {action}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
