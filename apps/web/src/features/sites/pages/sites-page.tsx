import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingPlus, IconFileExport } from '@tabler/icons-react';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useMemo, useState } from 'react';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { FirstOfList } from '../../../components/first-of-list';
import { ListFilters, useListFilters, useListSort } from '../../../components/list-filters';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { PagedListBody } from '../../../components/paged-list-body';
import { completeMonths, useOrganisationToday } from '../../../lib/organisation-today';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { type SiteFilters, useSitesConsumption, useSitesList } from '../api';
import { NewSiteModal } from '../components/new-site-modal';
import { SiteExportModal } from '../components/site-export-modal';
import { SitesTable } from '../components/sites-table';

const UNITS = { cons: 'kWh', cost: '$', co2: 'kg CO2e' } as const;
const MEASURES = { cons: 'Consumption', cost: 'Cost', co2: 'Emissions' } as const;

/** /organisation/sites: the organisation's sites, filtered and sorted, 100 at a time; `?show=new` opens New Site. */
export function SitesPage() {
  useDocumentTitle('Sites');
  const today = useOrganisationToday();
  const months = useMemo(() => completeMonths(today, 36), [today]);
  const [showNew, setShowNew] = useShowNew();
  const f = useListFilters();
  const [q] = useDebouncedValue(f.text.trim(), DEBOUNCE_MS);
  const { includeClosed, hideOpen } = f;
  const [groups, setGroups] = useState<string[]>([]);
  const { sort, dir, onSort } = useListSort<SiteFilters['sort']>('name', (key) =>
    key === 'name' || key === 'groups' ? 'asc' : 'desc',
  );
  const [measure, setMeasure] = useState<SiteFilters['measure']>('cons');
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const [exportOpen, setExportOpen] = useState(false);
  const filters = { q, includeClosed, hideOpen, groups, sort, dir, measure, month };
  const list = useSitesList(filters);
  const consumption = useSitesConsumption(measure, month);

  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.sites);
  const total = pages.at(-1)?.total ?? 0;
  const mayEdit = pages[0]?.mayEdit === true;
  const groupOptions = pages[0]?.groupOptions ?? [];
  const newOpened = showNew && mayEdit;

  return (
    <>
      <PageHeader title="Sites" description="The organisation's sites and their figures for a month." />
      <PageActions>
        {mayEdit && (
          <Button
            size="compact-sm"
            leftSection={<IconBuildingPlus size={16} />}
            onClick={() => setShowNew(true)}
          >
            New Site
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFileExport size={16} />}
          onClick={() => setExportOpen(true)}
        >
          Site Data Export
        </Button>
      </PageActions>
      <Stack gap="md">
        <Group align="flex-end" gap="md">
          <ListFilters
            filters={f}
            choices={[
              {
                label: 'Groups',
                any: 'Any group',
                data: groupOptions.map((g) => ({ value: String(g.id), label: g.name })),
                value: groups,
                onChange: setGroups,
              },
            ]}
          />
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={(v) => v && setMonth(v)}
            allowDeselect={false}
            w={180}
          />
          <SegmentedControl
            aria-label="Figure"
            value={measure}
            onChange={(v) => setMeasure(v as SiteFilters['measure'])}
            data={[
              { value: 'cons', label: 'Consumption' },
              { value: 'cost', label: 'Cost' },
              { value: 'co2', label: 'CO2e' },
            ]}
          />
        </Group>
        {list.isSuccess && (
          <Group gap="md" justify="space-between">
            <Text fz="sm" c="dimmed" role="status">{`Showing ${rows.length} of ${total}`}</Text>
            {measure === 'co2' && consumption.data && (
              <FactorEditionsNote editions={consumption.data.editions} />
            )}
          </Group>
        )}
        <PagedListBody
          list={list}
          rowCount={rows.length}
          loadingLabel="Loading sites"
          empty={
            !q && groups.length === 0 && !hideOpen ? (
              <FirstOfList
                text="No sites to show yet. Add the organisation's sites: their data sources, invoices and figures follow."
                action={mayEdit ? 'New Site' : null}
                icon={<IconBuildingPlus size={14} />}
                onAdd={() => setShowNew(true)}
              />
            ) : undefined
          }
        >
          <SitesTable
            sites={rows}
            sort={sort}
            dir={dir}
            onSort={onSort}
            figures={consumption.data?.consumption}
            unavailable={consumption.data?.unavailable ?? []}
            unit={UNITS[measure]}
            measureLabel={MEASURES[measure]}
          />
        </PagedListBody>
      </Stack>
      <NewSiteModal opened={newOpened} onClose={() => setShowNew(false)} />
      <SiteExportModal opened={exportOpen} onClose={() => setExportOpen(false)} sites={rows} />
    </>
  );
}
