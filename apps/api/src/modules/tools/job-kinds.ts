import type { JobRow } from './tools.queries';

/**
 * What the jobs centre knows of each kind of job beyond its row (docs/decisions/job-runner.md, Job kinds in the
 * jobs centre): where its page links for what the job worked on. A kind left out links nowhere.
 */
export const JOB_KINDS: Record<
  string,
  {
    link?: (r: JobRow) => string | null;
    /** False when a run cannot be stopped from here (an email batch's items are each their own job). */
    cancel?: false;
  }
> = {
  restatement: {
    link: (r) => {
      if (r.organisation_id !== null) return '/organisation/settings';
      const edition = Number(r.parameters.editionId);
      return Number.isInteger(edition) && edition > 0 ? `/setup/editions/${edition}` : '/setup/editions';
    },
  },
  import: {
    link: (r) => (typeof r.parameters.uuid === 'string' ? `/loading/${r.parameters.uuid}` : '/loading'),
  },
  purge: { link: () => '/manage-deleted' },
  export: { link: () => '/data-sources' },
  'email file purge': { link: () => '/email-processing' },
  'email batch': { link: () => '/email-processing', cancel: false },
  // The ledger's own work: stopping it would leave figures stale, so it is not cancelled from here.
  recompute: { link: () => '/data-sources', cancel: false },
  'time zone move': { link: () => '/organisation/settings' },
};
