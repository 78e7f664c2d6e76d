import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBell,
  IconCalendarEvent,
  IconChecklist,
  IconFileExport,
  IconGaugeFilled,
  IconListCheck,
  IconPlus,
  IconReportAnalytics,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { PagedListBody } from '../../../components/paged-list-body';
import { completeMonths, useOrganisationToday } from '../../../lib/organisation-today';
import { useOrganisationId } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListConsumption } from '../../../lib/use-list-consumption';
import { useSetQuery } from '../../../lib/use-set-query';
import { type DataSourceFilters, useDataSourcesList } from '../api';
import { AlertsReportModal } from '../components/alerts-report-modal';
import { BulkDeleteModal, BulkOpenDateModal } from '../components/bulk-modals';
import { DataSourceFiltersBar } from '../components/data-source-filters';
import { DataSourcesTable, NoDataSourcesYet } from '../components/data-sources-table';
import { InvoiceReportModal } from '../components/invoice-report-modal';
import { MeterExportModal } from '../components/meter-export-modal';
import { DataSourceCreationModals, SHOW_NEW_METER, SHOW_NEW_WW_ACCOUNT } from '../new-meter/creation-modals';

/** The `show` values that open this page's modals (the spec's `show` query parameter). */
const SHOW = {
  export: 'export',
  newMeter: SHOW_NEW_METER,
  newWwAccount: SHOW_NEW_WW_ACCOUNT,
  invoiceReport: 'invoice-report',
  alertsReport: 'alerts-report',
} as const;

/**
 * /data-sources and /organisation/data-sources (spec 2.1): the organisation's data sources, filtered and sorted
 * (`sort`, a signed column number, in the address), 100 at a time, with the month's figures re-polled while
 * they are recomputed; Actions: Data Export, New Meter, New W/WW Acct, Invoice Report, Send alerts now, Data
 * Audit View and Bulk Actions.
 */
export function DataSourcesPage() {
  useDocumentTitle('Data Sources');
  const today = useOrganisationToday();
  const months = useMemo(() => completeMonths(today, 36), [today]);
  const orgId = useOrganisationId();
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const sort = Number(params.get('sort')) || 1;
  const show = params.get('show');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const [type, setType] = useState<string[]>([]);
  const [measuring, setMeasuring] = useState<string[]>([]);
  const [retailer, setRetailer] = useState<string[]>([]);
  const [memberOf, setMemberOf] = useState('site');
  const [member, setMember] = useState<string[]>([]);
  const [measure, setMeasure] = useState<DataSourceFilters['measure']>('cons');
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const [audit, setAudit] = useState(false);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [bulkModal, setBulkModal] = useState<'open-date' | 'delete' | null>(null);

  const filters: DataSourceFilters = { q, type, measuring, retailer, memberOf, member, sort, measure, month };
  const unfiltered = !q && [type, measuring, retailer, member].every((v) => v.length === 0);
  const list = useDataSourcesList(filters);
  const consumption = useListConsumption('data-sources', measure, month);
  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.rows);
  const total = pages.at(-1)?.total ?? 0;
  const first = pages[0];
  const mayEdit = first?.mayEdit === true;
  const options = first?.options;
  const memberOfLabel =
    memberOf === 'site'
      ? 'Member Of'
      : (options?.groupings.find((g) => String(g.id) === memberOf)?.name ?? 'Member Of');

  const setParam = (key: string, value: string | null, replace = true) =>
    setQuery({ [key]: value }, { replace });
  const open = (value: string) => setParam('show', value, false);
  const closeShow = () => setParam('show', null);
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current ?? []);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const chosen = selected ? [...selected] : [];

  return (
    <>
      <PageHeader
        title="Data Sources"
        description="Meters, fuel cards and vehicles, with their figures for a month."
      />
      <PageActions>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFileExport size={16} />}
          onClick={() => open(SHOW.export)}
        >
          Data Export
        </Button>
        {mayEdit && (
          <>
            <Button
              size="compact-sm"
              leftSection={<IconPlus size={16} />}
              onClick={() => open(SHOW.newMeter)}
            >
              New Meter
            </Button>
            <Button
              size="compact-sm"
              leftSection={<IconPlus size={16} />}
              onClick={() => open(SHOW.newWwAccount)}
            >
              New W/WW Acct
            </Button>
          </>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconReportAnalytics size={16} />}
          onClick={() => open(SHOW.invoiceReport)}
        >
          Invoice Report
        </Button>
        {first?.productAdmin && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconBell size={16} />}
            onClick={() => open(SHOW.alertsReport)}
          >
            Send alerts now
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={audit ? <IconX size={16} /> : <IconListCheck size={16} />}
          onClick={() => setAudit((a) => !a)}
        >
          {audit ? 'Exit Audit View' : 'Data Audit View'}
        </Button>
        {mayEdit && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={selected ? <IconX size={16} /> : <IconChecklist size={16} />}
            onClick={() => setSelected((s) => (s ? null : new Set()))}
          >
            {selected ? 'Exit Bulk Actions' : 'Bulk Actions'}
          </Button>
        )}
      </PageActions>
      <Stack gap="md">
        <DataSourceFiltersBar
          text={text}
          onText={setText}
          options={options}
          type={type}
          onType={setType}
          measuring={measuring}
          onMeasuring={setMeasuring}
          retailer={retailer}
          onRetailer={setRetailer}
          memberOf={memberOf}
          onMemberOf={(v) => {
            setMemberOf(v);
            setMember([]);
          }}
          member={member}
          onMember={setMember}
          months={months}
          month={month}
          onMonth={setMonth}
          measure={measure}
          onMeasure={setMeasure}
          audit={audit}
        />
        {selected && (
          <Paper withBorder p="sm" radius="md" role="region" aria-label="Bulk Actions">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fz="sm" fw={500}>{`${selected.size} selected`}</Text>
              <Group gap="xs" wrap="wrap">
                <Button
                  size="compact-sm"
                  leftSection={<IconCalendarEvent size={16} />}
                  disabled={selected.size === 0}
                  onClick={() => setBulkModal('open-date')}
                >
                  Set Open Date
                </Button>
                <Button
                  size="compact-sm"
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  disabled={selected.size === 0}
                  onClick={() => setBulkModal('delete')}
                >
                  Delete and Don't Load
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconX size={16} />}
                  onClick={() => setSelected(null)}
                >
                  Exit Bulk Actions
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
        {list.isSuccess && (
          <Group gap="md" justify="space-between">
            <Text fz="sm" c="dimmed" role="status">
              <IconGaugeFilled size={14} style={{ verticalAlign: 'middle' }} aria-hidden />{' '}
              {`Showing ${rows.length} of ${total}`}
            </Text>
            {measure === 'co2' && consumption.data && (
              <FactorEditionsNote editions={consumption.data.editions} />
            )}
          </Group>
        )}
        <PagedListBody
          list={list}
          rowCount={rows.length}
          loadingLabel="Loading data sources"
          empty={unfiltered && <NoDataSourcesYet mayEdit={mayEdit} onAdd={() => open(SHOW.newMeter)} />}
        >
          <DataSourcesTable
            rows={rows}
            sort={sort}
            onSort={(next) => setParam('sort', String(next))}
            measure={measure}
            figures={consumption.data?.consumption}
            unavailable={consumption.data?.unavailable ?? []}
            memberOfLabel={memberOfLabel}
            audit={audit}
            selected={selected}
            onSelect={select}
            mayEdit={mayEdit}
          />
        </PagedListBody>
      </Stack>
      {show === SHOW.export && (
        <MeterExportModal opened onClose={closeShow} sources={rows} preselected={chosen} />
      )}
      {mayEdit && orgId !== null && <DataSourceCreationModals organisationId={orgId} />}
      {show === SHOW.alertsReport && first?.productAdmin && <AlertsReportModal opened onClose={closeShow} />}
      {show === SHOW.invoiceReport && list.isSuccess && (
        <InvoiceReportModal
          onClose={closeShow}
          ids={chosen.length > 0 ? chosen : rows.map((r) => r.id)}
          selected={chosen.length > 0}
        />
      )}
      <BulkOpenDateModal
        opened={bulkModal === 'open-date'}
        onClose={() => setBulkModal(null)}
        ids={chosen}
        onDone={() => {
          setBulkModal(null);
          setSelected(new Set());
        }}
      />
      <BulkDeleteModal
        opened={bulkModal === 'delete'}
        onClose={() => setBulkModal(null)}
        ids={chosen}
        onDone={() => {
          setBulkModal(null);
          setSelected(new Set());
        }}
      />
    </>
  );
}
