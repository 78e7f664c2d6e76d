import { Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatMonth } from '@verdant/domain/month-labels';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryPending } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNhhRates, usePpdContracts, useTouContracts, useTouRates } from '../api';
import { NewContractModal } from '../components/new-contract-modal';
import { PeriodRateModal } from '../components/period-rate-modal';
import { TouUploadModal } from '../components/tou-upload-modal';

const TABS = { tou: 'TOU rates', nhh: 'NHH rates', ppd: 'Prompt payment discounts' } as const;
type Tab = keyof typeof TABS;
const rate = (v: number) => v.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

function TouTab() {
  const contracts = useTouContracts();
  const [chosen, setChosen] = useState<number | null>(null);
  const [modal, setModal] = useState<'new' | 'upload' | null>(null);
  const selected = chosen ?? contracts.data?.contracts[0]?.id ?? null;
  const rates = useTouRates(selected);
  if (!contracts.data) return <QueryPending query={contracts} />;
  const { timePeriods, dayTypes, mayEdit } = contracts.data;
  const columns = timePeriods.flatMap((p) => dayTypes.map((d) => ({ p, d })));
  const months = [...new Set((rates.data?.rates ?? []).map((r) => r.month))];
  const rateAt = (month: string, periodId: number, daytypeId: number) =>
    rates.data?.rates.find((r) => r.month === month && r.periodId === periodId && r.daytypeId === daytypeId)
      ?.contractedRate;
  const name = contracts.data.contracts.find((c) => c.id === selected)?.name;
  return (
    <Stack>
      {mayEdit && (
        <Group>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setModal('new')}>
            New TOU contract
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconUpload size={16} />}
            onClick={() => setModal('upload')}
          >
            TOU rates template and upload
          </Button>
        </Group>
      )}
      <Paper withBorder radius="md">
        <Table highlightOnHover verticalSpacing="sm" data-testid="tou-contracts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Contract</Table.Th>
              <Table.Th ta="right">Months of rates</Table.Th>
              <Table.Th ta="right">Data sources</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contracts.data.contracts.length === 0 && <EmptyRow cols={3} text="No TOU contracts yet." />}
            {contracts.data.contracts.map((c) => (
              <Table.Tr
                key={c.id}
                bg={c.id === selected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => setChosen(c.id)}
              >
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setChosen(c.id)}
                    aria-pressed={c.id === selected}
                  >
                    {c.name}
                  </Button>
                </Table.Td>
                <Table.Td ta="right">{c.months}</Table.Td>
                <Table.Td ta="right">{c.meters}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {selected !== null && (
        <>
          <Title order={3} size="h5">{`Monthly rates of ${name ?? ''} (c/kWh)`}</Title>
          {rates.data ? (
            <Paper withBorder radius="md">
              <ScrollTable label={`Monthly rates of ${name ?? ''}`} minWidth={900}>
                <Table striped verticalSpacing="xs" data-testid="tou-rates">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Month</Table.Th>
                      {columns.map(({ p, d }) => (
                        <Table.Th key={`${p.id}-${d.id}`} ta="right">
                          {`${p.descr} ${d.daytypeDescr}`}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {months.length === 0 && (
                      <EmptyRow cols={columns.length + 1} text="No rates stored yet." />
                    )}
                    {months.map((m) => (
                      <Table.Tr key={m}>
                        <Table.Td>{formatMonth(m)}</Table.Td>
                        {columns.map(({ p, d }) => {
                          const v = rateAt(m, p.id, d.id);
                          return (
                            <Table.Td key={`${p.id}-${d.id}`} ta="right">
                              {v === undefined ? '' : rate(v)}
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Paper>
          ) : (
            <QueryPending query={rates} />
          )}
        </>
      )}
      <NewContractModal kind="tou" opened={modal === 'new'} onClose={() => setModal(null)} />
      <TouUploadModal
        opened={modal === 'upload'}
        onClose={() => setModal(null)}
        meters={contracts.data.touMeters}
      />
    </Stack>
  );
}

function NhhTab() {
  const rates = useNhhRates();
  const [adding, setAdding] = useState(false);
  if (!rates.data) return <QueryPending query={rates} />;
  return (
    <Stack>
      {rates.data.mayEdit && (
        <Group>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New NHH rate
          </Button>
        </Group>
      )}
      <Paper withBorder radius="md">
        <Table striped verticalSpacing="sm" data-testid="nhh-rates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date From</Table.Th>
              <Table.Th>Date Till</Table.Th>
              <Table.Th ta="right">Retail rate (c/kWh)</Table.Th>
              <Table.Th ta="right">Network rate (c/kWh)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rates.data.rates.length === 0 && <EmptyRow cols={4} text="No NHH rates yet." />}
            {rates.data.rates.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDisplayDate(r.startDate)}</Table.Td>
                <Table.Td>{formatDisplayDate(r.endDate)}</Table.Td>
                <Table.Td ta="right">{rate(r.retailRate)}</Table.Td>
                <Table.Td ta="right">{rate(r.networkRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <PeriodRateModal kind="nhh" opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function PpdTab() {
  const list = usePpdContracts();
  const [modal, setModal] = useState<'new' | number | null>(null);
  if (!list.data) return <QueryPending query={list} />;
  const { mayEdit } = list.data;
  return (
    <Stack>
      {mayEdit && (
        <Group>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setModal('new')}>
            New PPD contract
          </Button>
        </Group>
      )}
      {list.data.contracts.length === 0 && <Text c="dimmed">No prompt payment discount contracts yet.</Text>}
      {list.data.contracts.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              {c.name}
            </Title>
            {mayEdit && (
              <Button size="compact-xs" variant="light" onClick={() => setModal(c.id)}>
                {`New rate for ${c.name}`}
              </Button>
            )}
          </Group>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date From</Table.Th>
                <Table.Th>Date Till</Table.Th>
                <Table.Th ta="right">Discount (%)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.rates.length === 0 && <EmptyRow cols={3} text="No rates yet." />}
              {c.rates.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDisplayDate(r.fromDate)}</Table.Td>
                  <Table.Td>{formatDisplayDate(r.toDate)}</Table.Td>
                  <Table.Td ta="right">{rate(r.rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
      <NewContractModal kind="ppd" opened={modal === 'new'} onClose={() => setModal(null)} />
      <PeriodRateModal
        kind="ppd"
        contractId={typeof modal === 'number' ? modal : undefined}
        opened={typeof modal === 'number'}
        onClose={() => setModal(null)}
      />
    </Stack>
  );
}

/** /organisation/rates: TOU rates, NHH rates and prompt payment discounts (core-portal.md 2). */
export function RatesPage() {
  useDocumentTitle('Rates');
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'tou';
  return (
    <>
      <PageHeader title="Rates" description="Contracted rates the invoices are checked against." />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'tou' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {Object.entries(TABS).map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="tou">
          <TouTab />
        </Tabs.Panel>
        <Tabs.Panel value="nhh">
          <NhhTab />
        </Tabs.Panel>
        <Tabs.Panel value="ppd">
          <PpdTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
