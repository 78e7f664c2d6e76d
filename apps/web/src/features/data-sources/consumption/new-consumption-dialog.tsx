import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ConsumptionRecord, consumptionRow } from '@verdant/contracts/data-sources/consumption';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { mayCreate, newRowErrors, type RecordDraft } from '@verdant/domain/consumption-records';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useAddConsumption } from './api';

type Draft = RecordDraft & { key: number };
let nextKey = 1;
const blank = (): Draft => ({ key: nextKey++, dateFrom: null, dateTill: null, units: null });
const dayAfter = (date: string | null | undefined) =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? fromDayNumber(toDayNumber(date) + 1) : null;

/**
 * The New Consumption Record dialog (data-portal 2.5 and 5): several rows at once, each checked as it is
 * typed against the stored records and the other rows; Create stays disabled while any row is empty or
 * wrong. A new row starts the day after the row above it ends.
 */
export function NewConsumptionDialog({
  meterId,
  unit,
  meter,
  existing,
  onClose,
}: {
  meterId: number;
  unit: string | null;
  meter: { meterOpen: string | null; meterClose: string | null };
  existing: ConsumptionRecord[];
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Draft[]>(() => [blank()]);
  const add = useAddConsumption(meterId);
  const errors = newRowErrors(rows, existing, meter);
  const set = (key: number, patch: Partial<RecordDraft>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const create = () => {
    const parsed = rows.map((r) => consumptionRow.parse({ ...r, units: Number(r.units) }));
    add.mutate(parsed, {
      onSuccess: (answer) => {
        showSuccessBanner(answer.message);
        onClose();
      },
      // Consumption creation failure: the server's message (data-portal 8).
      onError: (error) => showErrorBanner(errorMessage(error)),
    });
  };

  return (
    <Modal opened onClose={onClose} title="New Consumption Record" size="xl">
      <Stack gap="sm">
        {rows.map((row, i) => {
          const error = errors[i];
          return (
            <fieldset key={row.key} aria-label={`Row ${i + 1}`} style={{ border: 0, margin: 0, padding: 0 }}>
              <Group align="flex-start" wrap="wrap" gap="xs">
                <DateField
                  label="From"
                  value={row.dateFrom}
                  onChange={(dateFrom) => set(row.key, { dateFrom })}
                  required
                  w={160}
                />
                <DateField
                  label="Till"
                  value={row.dateTill}
                  onChange={(dateTill) => set(row.key, { dateTill })}
                  required
                  w={160}
                />
                <NumberInput
                  label={unit ? `Used (${unit})` : 'Used'}
                  value={row.units ?? ''}
                  onChange={(v) => set(row.key, { units: v === '' ? null : v })}
                  decimalScale={4}
                  thousandSeparator=","
                  min={0}
                  required
                  w={160}
                />
                {rows.length > 1 && (
                  <Tooltip label="Remove row">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={28}
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              {error && (
                <Text c="red.9" fz="sm" mt={4} role="alert">
                  {error}
                </Text>
              )}
            </fieldset>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setRows((all) => [...all, { ...blank(), dateFrom: dayAfter(all.at(-1)?.dateTill) }])
            }
          >
            Add row
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!mayCreate(rows, existing, meter)} loading={add.isPending} onClick={create}>
              Create
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
