import { Anchor, Breadcrumbs, Button, Group, Stack } from '@mantine/core';
import { IconReload } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoadStatus, useRerunLoad } from '../api';
import { LoadResult } from '../components/load-result';
import { RefusalReasons, UnknownMeters } from '../components/unknown-meters';

/**
 * /loading/{uuid}: one load, how it ended, and for a refused one what to do: the data sources its file names that
 * are not found (map or create each), the other reasons with their rows, and loading the stored file again.
 */
export function LoadPage() {
  const { uuid = '' } = useParams();
  useDocumentTitle('Load Job');
  const status = useLoadStatus(uuid);
  const rerun = useRerunLoad(uuid);
  const navigate = useNavigate();
  const job = status.data?.data;
  const ended = job?.status === 'finished' || job?.status === 'failed';
  const again = () =>
    rerun.mutate(undefined, {
      onSuccess: (r) => navigate(`/loading/${r.data.uuid}`),
      onError: (e) => {
        if (!isSilentError(e)) showErrorBanner(errorMessage(e));
      },
    });
  const allFound = (job?.refusals?.unknownMeters ?? []).every((u) => u.meterId);
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to="/loading">
          Load Jobs
        </Anchor>
        <span>{job?.filename ?? 'Load'}</span>
      </Breadcrumbs>
      <PageHeader
        title="Load Job"
        description="What the load did, and for a refused one, what to change before loading the file again."
        right={
          job?.status === 'failed' && (
            <Group>
              <Button
                size="compact-sm"
                leftSection={<IconReload size={16} />}
                onClick={again}
                loading={rerun.isPending}
                disabled={!ended}
                variant={allFound ? 'filled' : 'default'}
              >
                Load the file again
              </Button>
            </Group>
          )
        }
      />
      <Stack gap="xl">
        <LoadResult uuid={uuid} />
        {job && <UnknownMeters job={job} />}
        {job && <RefusalReasons job={job} />}
      </Stack>
    </>
  );
}
