import { Button, Code, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ASSET_TYPES, type AuditEvent, auditOperations as ops } from '@verdant/contracts/audit';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { ApiError, errorMessage } from '../lib/api-errors';
import { showErrorBanner } from '../lib/banners';
import { saveFile } from '../lib/download';
import { call, useOperation } from '../lib/operations';
import { organisationTodayNow } from '../lib/organisation-today';
import { DateField } from './date-fields';
import { paginationLabels } from './pagination-labels';
import { QueryPending } from './query-state';

interface Props {
  organisationId: number;
  /** One asset's history (a History tab); the whole organisation's when absent. */
  asset?: { type: string; id: number };
}

interface Filters {
  person: string | null;
  assetType: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
}

const isDate = (v: string | null) => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The history's query: the filters set, the asset of a History tab, and the page. */
function queryOf(f: Filters, asset: Props['asset'], page?: number) {
  return {
    person: f.person ?? undefined,
    assetType: asset ? asset.type : (f.assetType ?? undefined),
    assetId: asset?.id,
    action: f.action ?? undefined,
    from: isDate(f.from) ? (f.from as string) : undefined,
    to: isDate(f.to) ? (f.to as string) : undefined,
    page,
  };
}

const who = (e: AuditEvent) =>
  e.actorName ?? (e.actorJob ? `System: ${e.actorJob}` : e.actorPortalToken ? 'Portal' : '');

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '(empty)' : typeof v === 'string' ? v : JSON.stringify(v);

/** A recorded field as words: `regionId` reads 'region', `siteAddress1` 'site address 1'. */
const fieldLabel = (field: string) =>
  /^[a-z][A-Za-z0-9]*$/.test(field)
    ? field
        .replace(/Id$/, '')
        .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
        .toLowerCase()
    : field;

/** When, dd/MM/yyyy HH:mm in the browser's time. */
function when(iso: string) {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${formatDisplayDate(day)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The audit history table with its filters and CSV export; administrators only (docs/decisions/audit-log.md,
 * Reading the history).
 */
export function AuditHistory({ organisationId, asset }: Props) {
  const [filters, setFilters] = useState<Filters>({
    person: null,
    assetType: null,
    action: null,
    from: null,
    to: null,
  });
  const [page, setPage] = useState(1);
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const params = { id: organisationId };
  const history = useOperation(ops.history, { params, query: queryOf(filters, asset, page) });

  async function exportCsv() {
    try {
      const csv = await call(ops.historyCsv, { params, query: queryOf(filters, asset) });
      saveFile(csv, `history-${organisationTodayNow()}.csv`);
    } catch (e) {
      showErrorBanner(errorMessage(e));
    }
  }

  // Refused (someone who is not an administrator, by the address): the refusal alone, no filters to try.
  if (history.error instanceof ApiError && history.error.status === 403)
    return <QueryPending query={history} />;
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Person"
          clearable
          searchable
          w={200}
          data={(data?.people ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={filters.person}
          onChange={(person) => set({ person })}
        />
        {!asset && (
          <Select
            label="Asset"
            clearable
            w={160}
            data={[...AUDIT_ASSET_TYPES]}
            value={filters.assetType}
            onChange={(assetType) => set({ assetType })}
          />
        )}
        <Select
          label="Action"
          clearable
          searchable
          w={200}
          data={data?.actions ?? []}
          value={filters.action}
          onChange={(action) => set({ action })}
        />
        <DateField label="From" w={160} clearable value={filters.from} onChange={(from) => set({ from })} />
        <DateField label="To" w={160} clearable value={filters.to} onChange={(to) => set({ to })} />
        <Button variant="default" onClick={exportCsv}>
          Export CSV
        </Button>
      </Group>
      {history.isError && <Text c="red">The history could not be loaded.</Text>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label="History">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              {!asset && <Table.Th>Asset</Table.Th>}
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.events.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={asset ? 4 : 5}>Nothing recorded for these filters.</Table.Td>
              </Table.Tr>
            )}
            {data?.events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.occurredAt)}</Table.Td>
                <Table.Td>{who(e)}</Table.Td>
                <Table.Td>{e.action}</Table.Td>
                {!asset && (
                  <Table.Td>
                    {e.assetType}
                    {e.assetName ? `: ${e.assetName}` : e.assetId ? ` ${e.assetId}` : ''}
                  </Table.Td>
                )}
                <Table.Td>
                  {Object.entries(e.changes).map(([field, c]) => (
                    <Text key={field} size="sm">
                      <Code>{fieldLabel(field)}</Code> {shown(c.before)} → {shown(c.after)}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} {...paginationLabels} />}
    </Stack>
  );
}
