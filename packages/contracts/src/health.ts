import { z } from 'zod';
import { defineOperations } from './operations';

export const healthAnswer = z.object({
  status: z.enum(['ok', 'error']),
  /** Whether this process reaches the database. */
  database: z.enum(['ok', 'unreachable']),
  /** This process's job runner: working the queues, only sending to them (JOBS_IN_PROCESS=false), or off. */
  jobRunner: z.enum(['working', 'sending', 'stopped']),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

/** For load balancers and monitoring: liveness, and Prometheus metrics behind their own token. */
export const healthOperations = defineOperations('health', {
  health: {
    method: 'GET',
    path: '/health',
    summary:
      'Liveness: the database and the job runner of this process (503 when the database is unreachable)',
    access: 'public',
    answer: healthAnswer,
    answers: { 503: healthAnswer },
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics (the METRICS_TOKEN as a bearer token)',
    // Not a session: Prometheus presents the configured token, checked by the handler before anything is answered.
    access: 'public',
    answer: 'file',
    hidden: true,
  },
});
