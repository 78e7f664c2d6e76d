import { Badge, Group, Progress, Text } from '@mantine/core';
import { type BackgroundJob, JOB_STATUS_LABELS, STALLED_SECONDS } from '@verdant/contracts/tools';
import { when } from './when';

const COLOURS: Record<string, string> = {
  setup: 'dark',
  pending: 'blue',
  running: 'teal',
  paused: 'yellow',
  crashed: 'red',
  finished: 'green',
  cancelled: 'dark',
};

/** The spec's status words (Setup shown as Not Ready). */
export function JobStatusBadge({ status }: { status: BackgroundJob['status'] }) {
  return (
    <Badge
      color={COLOURS[status]}
      variant={COLOURS[status] === 'dark' ? 'default' : 'light'}
      // The word whole in a narrow table column (a label that may overflow shrinks to an ellipsis at 390 px).
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {JOB_STATUS_LABELS[status]}
    </Badge>
  );
}

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

function duration(s: number) {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

/**
 * Progress with an estimate of the time left from the rate so far, measured on the server's clock; a running
 * job that has not moved for 60 s says so rather than showing a frozen bar as if all were well.
 */
export function JobProgress({ job }: { job: BackgroundJob }) {
  const { progressDone: done, progressTotal: total } = job;
  const percent = total ? Math.min(100, (100 * done) / total) : job.status === 'finished' ? 100 : 0;
  const stalledFor = job.status === 'running' && job.progressAt ? seconds(job.progressAt, job.now) : 0;
  const elapsed = job.startedAt ? seconds(job.startedAt, job.now) : 0;
  const left = job.status === 'running' && total && done > 0 ? (elapsed * (total - done)) / done : null;
  // An Overnight job waits for its night window (docs/decisions/job-runner.md, Overnight jobs).
  if (job.status === 'pending' && job.type === 2 && job.runAfter)
    return (
      <Text size="xs" role="status">
        Runs overnight: starts {when(job.runAfter)}
      </Text>
    );
  return (
    <div>
      <Progress
        value={percent}
        animated={job.status === 'running' && stalledFor < STALLED_SECONDS}
        aria-label={`Progress of ${job.title}`}
      />
      <Group gap="xs" mt={4} wrap="wrap">
        <Text size="xs" c="dimmed">
          {total
            ? `${done.toLocaleString()} of ${total.toLocaleString()}`
            : job.status === 'running'
              ? 'Starting'
              : ''}
        </Text>
        {left !== null && stalledFor < STALLED_SECONDS && (
          <Text size="xs" c="dimmed">
            about {duration(left)} left
          </Text>
        )}
        {stalledFor >= STALLED_SECONDS && (
          <Text size="xs" c="orange" role="status">
            No progress for {duration(stalledFor)}
          </Text>
        )}
      </Group>
    </div>
  );
}
