import { ActionIcon, Alert, Anchor, Button, Group, Loader, Modal, Paper, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { Transaction } from '@verdant/contracts/data-sources/transactions';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import type { TransactionErrors } from '@verdant/domain/transactions';
import { formatMoney } from '@verdant/domain/unit-scaling';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { InView } from '../../../components/in-view';
import { ScrollTable } from '../../../components/scroll-table';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import type { TabProps } from '../tab-props';
import { useDeleteTransaction, useSaveTransaction, useTransactions } from './api';
import { bodyOf, type Draft, draftOf, EMPTY_DRAFT, TransactionForm } from './transaction-form';

const quantity = (n: number) => n.toLocaleString('en-NZ', { maximumFractionDigits: 4 });

/** A refusal the form can show on its fields; anything else is the spec's unexpected failure. */
function fieldErrors(error: unknown): TransactionErrors | null {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return null;
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0]])) as TransactionErrors;
}

/** /data-sources/{id}/transactions (types 7 and 9): Date, Time, Quantity, Notes, and Cost for type 9. */
export function TransactionsTab({ meter }: TabProps) {
  const list = useTransactions(meter.id);
  const save = useSaveTransaction(meter.id);
  const remove = useDeleteTransaction(meter.id);
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<TransactionErrors>({});

  if (list.isPending) return <Loader aria-label="Loading transactions" />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  const data = list.data;
  const context = {
    meterType: meter.meterType,
    meterOpen: data.meterOpen,
    timeZone: data.timeZone,
    unit: data.unit,
  };
  const othersThan = (itemId: number | null) => data.transactions.filter((t) => t.itemId !== itemId);
  const close = () => {
    setOpen(null);
    setServerErrors({});
  };
  const submit = (itemId: number | null, d: Draft) =>
    save.mutate(
      { itemId, body: bodyOf(d, data.showsCost) },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          close();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields) setServerErrors(fields);
          else showErrorBanner(MSG.transactionFailed);
        },
      },
    );
  const form = (t: Transaction | null) => (
    <TransactionForm
      initial={t ? draftOf(t) : EMPTY_DRAFT}
      meter={context}
      others={othersThan(t?.itemId ?? null)}
      saving={save.isPending}
      serverErrors={serverErrors}
      onCancel={close}
      onSave={(d) => submit(t?.itemId ?? null, d)}
      {...(t && {
        deleting: remove.isPending,
        onDelete: () =>
          remove.mutate(t, {
            onSuccess: (answer) => {
              showSuccessBanner(answer.message);
              close();
            },
            onError: () => showErrorBanner(MSG.transactionFailed),
          }),
      })}
    />
  );
  const columns = data.showsCost ? 6 : 5;

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Transactions</Text>
        {data.mayEdit && (
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
            New Transaction
          </Button>
        )}
      </Group>
      {data.purchasesAt && (
        <Alert color="blue" variant="light" mb="sm">
          <Anchor component={Link} to={data.purchasesAt.path}>
            {data.purchasesAt.label}
          </Anchor>
        </Alert>
      )}
      {data.transactions.length === 0 ? (
        <Text c="dimmed" fz="sm">
          There are no transactions on this data source.
        </Text>
      ) : (
        <ScrollTable label="Transactions table" minWidth={data.showsCost ? 560 : 480}>
          <Table verticalSpacing="xs" aria-label="Transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32} aria-label="Open" />
                <Table.Th>Date</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th ta="right">{data.unit ? `Quantity (${data.unit})` : 'Quantity'}</Table.Th>
                {data.showsCost && <Table.Th ta="right">Cost</Table.Th>}
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.transactions.map((t) => {
                const expanded = open === t.itemId;
                const label = `transaction of ${formatDisplayDate(t.date)}${t.time ? ` ${t.time}` : ''}`;
                return (
                  <Fragment key={t.itemId}>
                    <Table.Tr data-item-id={t.itemId}>
                      <Table.Td>
                        {data.mayEdit && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${expanded ? 'Close' : 'Edit'} ${label}`}
                            onClick={() => {
                              setServerErrors({});
                              setOpen(expanded ? null : t.itemId);
                            }}
                          >
                            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(t.date)}</Table.Td>
                      <Table.Td>{t.time ?? ''}</Table.Td>
                      <Table.Td ta="right">{quantity(t.quantity)}</Table.Td>
                      {data.showsCost && (
                        <Table.Td ta="right">{t.cost === null ? '' : formatMoney(t.cost)}</Table.Td>
                      )}
                      <Table.Td>{t.note ?? ''}</Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={columns}>
                          <InView>{form(t)}</InView>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Modal opened={open === 'new'} onClose={close} title="New Transaction">
        {open === 'new' && form(null)}
      </Modal>
    </Paper>
  );
}
