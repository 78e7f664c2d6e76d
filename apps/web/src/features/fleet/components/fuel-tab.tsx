import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { FuelPurchase } from '@verdant/contracts/fleet/purchases';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { formatMoney, formatNumber } from '@verdant/domain/unit-scaling';
import { Fragment, useState } from 'react';
import { InView } from '../../../components/in-view';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showInfoBanner, showSuccessBanner } from '../../../lib/banners';
import { useDeletePurchase, usePurchases, useSavePurchase } from '../vehicle-api';
import { PurchaseFigureCells } from './purchase-cells';
import { type Draft, draftOf, EMPTY, PurchaseForm } from './purchase-form';

/** The Fuel tab (data-portal 2.6): purchases newest first; rows expand to edit or delete; New adds one. */
export function FuelTab({ vehicleId, unit }: { vehicleId: number; unit: string }) {
  const purchases = usePurchases(vehicleId);
  const save = useSavePurchase(vehicleId);
  const remove = useDeletePurchase(vehicleId);
  const [open, setOpen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FuelPurchase | null>(null);
  const mayEdit = purchases.data?.mayEdit === true;

  const submit = (readingId: number | null, d: Draft, done: () => void) =>
    save.mutate(
      {
        readingId,
        body: {
          date: d.date ?? '',
          time: d.time,
          odo: d.odo === '' ? null : d.odo,
          cost: Number(d.cost),
          quantity: Number(d.quantity),
        },
      },
      {
        onSuccess: (answer) => {
          // 'Purchase added' or 'Purchase updated' (data-portal.md 8), then any odometer warning.
          showSuccessBanner(answer.message);
          if (answer.warning) showInfoBanner(answer.warning);
          done();
        },
        onError: (error) =>
          showErrorBanner(
            error instanceof Error && 'fields' in error
              ? errorMessage(error)
              : readingId === null
                ? MSG.fuelPurchaseSaveFailed
                : MSG.fuelPurchaseUpdateFailed,
          ),
      },
    );

  return (
    <Stack gap="sm">
      {mayEdit && (
        <Group justify="flex-end">
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Fuel purchases">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32} />
              <Table.Th>Date</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th ta="right">Odometer</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">{unit === 'litres' ? 'Per Litre' : `Per ${unit}`}</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Fuel</Table.Th>
              <Table.Th w={32} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(purchases.data?.purchases ?? []).map((p) => {
              const editable = mayEdit && !p.incorrectFuel;
              const expanded = open === p.readingId && editable;
              return (
                <Fragment key={`${p.incorrectFuel ? 'card' : 'own'}-${p.readingId}`}>
                  <Table.Tr data-reading-id={p.readingId}>
                    <Table.Td>
                      {editable && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${expanded ? 'Close' : 'Edit'} purchase of ${formatDisplayDate(p.date)}`}
                          onClick={() => setOpen(expanded ? null : p.readingId)}
                        >
                          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDisplayDate(p.date)}</Table.Td>
                    <Table.Td>{p.time ?? ''}</Table.Td>
                    <Table.Td ta="right">
                      {p.odo < 0 ? '' : formatNumber(p.odo)}
                      {p.odometerJump && (
                        <Tooltip label="Far above the previous reading: please check it">
                          <IconAlertTriangle
                            size={14}
                            color="var(--mantine-color-orange-7)"
                            aria-label="Odometer far above the previous reading"
                            style={{ marginLeft: 4 }}
                          />
                        </Tooltip>
                      )}
                      {p.odometerFlag && (
                        <Tooltip label={MSG.fuelPurchaseOdometerLower}>
                          <IconAlertTriangle
                            size={14}
                            color="var(--mantine-color-orange-7)"
                            aria-label="Odometer lower than the previous reading"
                            style={{ marginLeft: 4 }}
                          />
                        </Tooltip>
                      )}
                    </Table.Td>
                    <PurchaseFigureCells
                      p={p}
                      incorrectLabel="Incorrect fuel: bought on a fuel card; it cannot be edited or deleted"
                    />
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr>
                      <Table.Td colSpan={9}>
                        <InView>
                          <PurchaseForm
                            initial={draftOf(p)}
                            saving={save.isPending}
                            deleting={remove.isPending}
                            onCancel={() => setOpen(null)}
                            onSave={(d) => submit(p.readingId, d, () => setOpen(null))}
                            onDelete={() => setDeleting(p)}
                          />
                        </InView>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {purchases.isSuccess && purchases.data.purchases.length === 0 && <Text c="dimmed">No results</Text>}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this purchase?">
        <Stack gap="sm">
          <Text size="sm">
            {deleting
              ? `The purchase of ${formatDisplayDate(deleting.date)} (${deleting.quantity.toFixed(2)} ${unit}, ${formatMoney(deleting.cost)}) will be deleted, and the vehicle's figures recalculated.`
              : ''}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.readingId, {
                  onSuccess: () => {
                    showSuccessBanner(MSG.fuelPurchaseDeleted);
                    setDeleting(null);
                    setOpen(null);
                  },
                  onError: () => {
                    setDeleting(null);
                    showErrorBanner(MSG.fuelPurchaseDeleteFailed);
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={adding} onClose={() => setAdding(false)} title="New Fuel Purchase">
        <PurchaseForm
          initial={EMPTY}
          saving={save.isPending}
          onCancel={() => setAdding(false)}
          onSave={(d) => submit(null, d, () => setAdding(false))}
        />
      </Modal>
    </Stack>
  );
}
