import { Button, Group, MultiSelect, Paper, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch, IconUserShare } from '@tabler/icons-react';
import type { EmailedReport } from '@verdant/contracts/reports/emailed';
import { useMemo, useState } from 'react';
import { useListSort } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { csvText } from '../../../lib/csv';
import { saveFile } from '../../../lib/download';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmailedEditPanel } from '../components/emailed-edit-panel';
import { EmailedOrganisationSelect } from '../components/emailed-organisation-select';
import {
  EMAILED_COLUMNS,
  type EmailedSortKey,
  EmailedTable,
  emailedValue,
} from '../components/emailed-table';
import { ReassignModal } from '../components/reassign-modal';
import { useEmailedReports, useOrganisationAccess } from '../emailed-api';

const FREQUENCY_LABELS = { M: 'Monthly', W: 'Weekly', O: 'Once' } as const;

/**
 * /emailed-reports (data-portal.md 2.9): Report, Asset, Recipient(s), Owner, When; sortable and filterable,
 * asset ascending at first; Export (CSV); Reassign for administrators; a row opens to edit for an administrator
 * or its owner.
 */
export function EmailedReportsPage() {
  useDocumentTitle('Emailed Reports');
  const session = useSession();
  const productAdmin = session?.user.productAdmin === true;
  const sessionOrganisation = session?.organisation ?? null;
  const [orgId, setOrgId] = useState<number | null>(sessionOrganisation?.id ?? null);
  const reports = useEmailedReports(orgId);
  const access = useOrganisationAccess();
  // Reassign works in the session's organisation (POST /admin/reassign-reports names no other).
  const own = orgId !== null && orgId === sessionOrganisation?.id;
  const [text, setText] = useState('');
  const [frequencies, setFrequencies] = useState<string[]>([]);
  const sort = useListSort<EmailedSortKey>('asset');
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const [reassigning, setReassigning] = useState(false);

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const value = emailedValue[sort.sort];
    return (reports.data ?? [])
      .filter(
        (r) =>
          (frequencies.length === 0 || frequencies.includes(r.frequency)) &&
          (needle === '' ||
            EMAILED_COLUMNS.some((c) => emailedValue[c.key](r).toLowerCase().includes(needle))),
      )
      .sort((a, b) => {
        const order =
          value(a).localeCompare(value(b), 'en', { sensitivity: 'base' }) || a.emailId - b.emailId;
        return sort.dir === 'asc' ? order : -order;
      });
  }, [reports.data, text, frequencies, sort.sort, sort.dir]);

  async function exportCsv(rows: EmailedReport[]) {
    const csv = await csvText([
      [...EMAILED_COLUMNS.map((c) => c.label), 'Period', 'Output', 'Next send', 'Last send'],
      ...rows.map((r) => [
        ...EMAILED_COLUMNS.map((c) => emailedValue[c.key](r)),
        r.period,
        r.output,
        r.nextSend ?? '',
        r.lastStatus ?? '',
      ]),
    ]);
    saveFile(new Blob([csv], { type: 'text/csv' }), 'emailed-reports.csv');
  }

  return (
    <>
      <PageHeader title="Emailed Reports" description="Reports sent by email monthly, weekly or once." />
      <Group align="flex-end" gap="md" mb="md" wrap="wrap">
        {productAdmin && (
          <EmailedOrganisationSelect
            value={orgId}
            sessionOrganisation={sessionOrganisation}
            onChange={(id) => {
              setOrgId(id);
              setExpandedId(null);
            }}
          />
        )}
        <TextInput
          label="Filter"
          placeholder="Report, asset, recipient or owner"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={280}
        />
        <MultiSelect
          label="When"
          placeholder={frequencies.length === 0 ? 'Any frequency' : undefined}
          data={Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label }))}
          value={frequencies}
          onChange={setFrequencies}
          clearable
          w={220}
        />
        <Group gap="xs" ml="auto">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => exportCsv(shown)}
            disabled={shown.length === 0}
          >
            Export (CSV)
          </Button>
          {access.data?.administrator && own && (
            <Button
              variant="default"
              leftSection={<IconUserShare size={16} />}
              onClick={() => setReassigning(true)}
              disabled={(reports.data ?? []).length === 0}
            >
              Reassign
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="sm">
        {orgId === null ? (
          <Text p="md" c="dimmed" fz="sm">
            Choose an organisation to see its emailed reports.
          </Text>
        ) : (
          <QueryState query={reports}>
            {(all) =>
              all.length === 0 ? (
                <Text p="md" c="dimmed" fz="sm">
                  No reports are emailed yet. Choose a report on the Reports page and schedule it from Create
                  Report.
                </Text>
              ) : (
                <EmailedTable
                  rows={shown}
                  sort={sort}
                  expandedId={expandedId}
                  onToggle={(r) => setExpandedId((id) => (id === r.emailId ? null : r.emailId))}
                  renderPanel={(r) => <EmailedEditPanel row={r} onDone={() => setExpandedId(null)} />}
                />
              )
            }
          </QueryState>
        )}
      </Paper>
      {reassigning && reports.data && (
        <ReassignModal rows={reports.data} onClose={() => setReassigning(false)} />
      )}
    </>
  );
}
