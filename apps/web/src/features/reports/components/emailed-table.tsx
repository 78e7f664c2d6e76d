import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { EmailedReport } from '@verdant/contracts/reports/emailed';
import { Fragment, type ReactNode } from 'react';
import { SortHeaderCell } from '../../../components/list-filters';

/** The columns of /emailed-reports (data-portal.md 2.9: Report, Asset, Recipient(s), Owner, When). */
export const EMAILED_COLUMNS = [
  { key: 'report', label: 'Report' },
  { key: 'asset', label: 'Asset' },
  { key: 'recipients', label: 'Recipient(s)', wide: true },
  { key: 'owner', label: 'Owner', wide: true },
  { key: 'when', label: 'When' },
] as const;
export type EmailedSortKey = (typeof EMAILED_COLUMNS)[number]['key'];

export const assetOf = (r: EmailedReport) => r.assets.map((a) => a.name).join(', ');

/** What each column sorts and exports by. */
export const emailedValue: Record<EmailedSortKey, (r: EmailedReport) => string> = {
  report: (r) => r.reportName,
  asset: assetOf,
  recipients: (r) => r.emailAddress,
  owner: (r) => r.owner,
  when: (r) => r.when,
};

export function EmailedTable({
  rows,
  sort,
  expandedId,
  onToggle,
  renderPanel,
}: {
  rows: EmailedReport[];
  sort: { sort: EmailedSortKey; dir: 'asc' | 'desc'; onSort: (key: EmailedSortKey) => void };
  expandedId: number | null;
  onToggle: (r: EmailedReport) => void;
  renderPanel: (r: EmailedReport) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Emailed reports">
        <Table.Thead>
          <Table.Tr>
            {EMAILED_COLUMNS.map((c) => (
              <SortHeaderCell
                key={c.key}
                label={c.label}
                wide={'wide' in c ? c.wide : undefined}
                sorted={sort.sort === c.key ? sort.dir : null}
                onClick={() => sort.onSort(c.key)}
              />
            ))}
            <Table.Th w={40}>
              <VisuallyHidden>Edit</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const expanded = r.canEdit && expandedId === r.emailId;
            const panelId = `emailed-panel-${r.emailId}`;
            return (
              <Fragment key={r.emailId}>
                <Table.Tr
                  data-email-id={r.emailId}
                  onClick={r.canEdit ? () => onToggle(r) : undefined}
                  style={{ cursor: r.canEdit ? 'pointer' : undefined }}
                  bg={expanded ? 'var(--mantine-color-verdant-0)' : undefined}
                >
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {r.reportName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {r.period} · {r.output.toUpperCase()}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{assetOf(r)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm" style={{ wordBreak: 'break-word' }}>
                      {r.emailAddress}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm">{r.owner}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{r.when}</Text>
                    <Text fz="xs" c="dimmed">
                      {r.nextSend ? `Next ${r.nextSend}` : 'Sent'}
                    </Text>
                    {r.lastStatus && (
                      <Text fz="xs" c={r.lastStatus.startsWith('Sent') ? 'dimmed' : 'orange.8'}>
                        {r.lastStatus}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={40}>
                    {r.canEdit && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-expanded={expanded}
                        aria-controls={expanded ? panelId : undefined}
                        aria-label={`Edit ${r.reportName} for ${assetOf(r)}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onToggle(r);
                        }}
                      >
                        {expanded ? (
                          <IconChevronDown size={16} aria-hidden />
                        ) : (
                          <IconChevronRight size={16} aria-hidden />
                        )}
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={panelId}>
                    <Table.Td colSpan={EMAILED_COLUMNS.length + 1} p={0}>
                      {renderPanel(r)}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
