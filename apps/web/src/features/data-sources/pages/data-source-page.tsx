import { Alert, Anchor, Badge, Breadcrumbs, Center, Group, Loader, Stack, Tabs } from '@mantine/core';
import { dataSourceTabOf, dataSourceTabs } from '@verdant/domain/data-source-tabs';
import { Link, useNavigate, useParams } from 'react-router';
import { TabContent } from '../../../app/data-source-tabs';
import { useMeter } from '../../../components/meter-api';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ReplacementLinks } from '../components/replacement-links';

/** /data-sources/{id} and its tabs (data-portal.md 2.2); which tabs a meter shows is a domain rule. */
export function DataSourcePage() {
  const { id: rawId, tab: rawTab } = useParams();
  const id = Number(rawId);
  const navigate = useNavigate();
  const meter = useMeter(id);
  useDocumentTitle(meter.data?.localName ?? 'Data Source');
  const requested = dataSourceTabOf(rawTab);

  if (!Number.isInteger(id) || id <= 0 || requested === null) return <NotFoundPage />;
  if (meter.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading data source" />
      </Center>
    );
  }
  if (meter.isError) {
    if (meter.error instanceof ApiError && meter.error.status === 404) return <NotFoundPage />;
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(meter.error)}
      </Alert>
    );
  }
  const m = meter.data;
  const tabs = dataSourceTabs({ ...m, level: m.metlvlId }, m.mayAdminister);
  // A tab this meter does not show (a bookmarked Invoices of a check meter, say) opens the Overview.
  const tab = tabs.some((t) => t.key === requested) ? requested : 'overview';
  const pathOf = (key: string | null) => {
    const path = tabs.find((t) => t.key === key)?.path;
    return path ? `/data-sources/${m.id}/${path}` : `/data-sources/${m.id}`;
  };

  return (
    <>
      <nav aria-label="Breadcrumbs">
        <Breadcrumbs mb="xs" fz="sm">
          <Anchor component={Link} to="/dashboard">
            Home
          </Anchor>
          <Anchor component={Link} to="/organisation">
            {m.organisation.name}
          </Anchor>
          <Anchor component={Link} to={`/sites/${m.site.id}`}>
            {m.site.name}
          </Anchor>
        </Breadcrumbs>
      </nav>
      <PageHeader
        title={m.localName}
        description={
          <Group gap="xs" component="span">
            {m.closed && (
              <Badge color="gray" variant="light">
                Closed
              </Badge>
            )}
            {m.transientMeter && (
              <Badge color="blue" variant="light">
                Transient
              </Badge>
            )}
            {[m.energy, m.meterDescr, m.level].filter(Boolean).join(' · ')}
          </Group>
        }
      />
      <Stack gap="md">
        <ReplacementLinks meter={m} />
        <Tabs value={tab} onChange={(value) => navigate(pathOf(value))} keepMounted={false}>
          <Tabs.List aria-label="Data source sections">
            {tabs.map((t) => (
              <Tabs.Tab key={t.key} value={t.key}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <div key={`${m.id}-${tab}`}>
          <TabContent tab={tab} meter={m} />
        </div>
      </Stack>
    </>
  );
}
