import { Alert, Button, Group, Paper, type PaperProps, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { errorMessage, isSilentError } from '../../../lib/api-errors';

interface DashboardCardProps extends PaperProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown beside the title, or under it when the card is narrow: a measure switch. */
  controls?: ReactNode;
  children: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

/** One cell of the dashboard grid: a titled region that fills its grid cell's height. */
export function DashboardCard({ title, subtitle, controls, children, ...paper }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" h="100%" {...paper}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={2} fz="md" id={titleId}>
              {title}
            </Title>
            {subtitle && (
              <Text fz="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          {controls}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

interface QueryContentProps<T> {
  /** One query, or several whose answers the content needs together. */
  queries: UseQueryResult<T>[];
  skeletonHeight: number;
  children: () => ReactNode;
}

/** A skeleton while figures load, the error with a retry when a call failed, the content once all answered. */
export function QueryContent<T>({ queries, skeletonHeight, children }: QueryContentProps<T>) {
  const failed = queries.filter((q) => q.isError && !isSilentError(q.error));
  if (failed.length > 0) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="Figures could not be loaded"
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{errorMessage(failed[0]?.error)}</Text>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={failed.some((q) => q.isFetching)}
            onClick={() => {
              for (const q of failed) void q.refetch();
            }}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (queries.some((q) => !q.isSuccess)) {
    return <Skeleton h={skeletonHeight} radius="md" aria-label="Loading figures" role="status" />;
  }
  return <>{children()}</>;
}
