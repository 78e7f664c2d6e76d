import { Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { useState } from 'react';
import { DateField } from '../../components/date-fields';
import { FormActions, FormError } from '../../components/form-actions';
import { errorMessage, isSilentError } from '../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../lib/banners';
import { useOrganisationToday } from '../../lib/organisation-today';
import { type ReversalAction, useReversal, useReversalData } from './api';

/** The `show` values that open this dialog, and what each one does. */
export const REVERSAL_SHOW = ['reversal', 'replacement', 'decommission'] as const;
export type ReversalShow = (typeof REVERSAL_SHOW)[number];

const MODES: Record<ReversalShow, { title: string; action: ReversalAction; hint: string; done: string }> = {
  reversal: {
    title: 'New Reversal',
    action: 'reversal',
    hint: 'From the start of an invoice to past the end of the latest one it reverses.',
    done: 'Reversal saved',
  },
  replacement: {
    title: 'Replace Invoice',
    action: 'replacement',
    hint: 'From the start of the first invoice replaced to the end of the last.',
    done: 'Replacement saved',
  },
  decommission: {
    title: 'Decommission',
    action: 'decommissioning',
    hint: 'The final invoice, from the start of an invoice; the data source closes on its end date.',
    done: 'Decommission saved',
  },
};

const fixed = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** New Reversal, Replace Invoice and Decommission (data-portal.md 2.3, 5). */
export function ReversalDialog({
  meter,
  mode,
  onClose,
}: {
  meter: MeterDetail;
  mode: ReversalShow;
  onClose: () => void;
}) {
  const spec = MODES[mode];
  const today = useOrganisationToday();
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [unit, setUnit] = useState<number | null>(null);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState<string | null>(today);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [charged, setCharged] = useState<Record<number, number | string>>({});
  const [chargedCost, setChargedCost] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const valid = (d: string | null) => d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d);
  const data = useReversalData(
    meter.id,
    valid(startDate) ? startDate : null,
    valid(endDate) ? endDate : null,
    unit,
  );
  const save = useReversal(spec.action);

  const rows = data.data?.reversedConsumption ?? [];
  const unitName = data.data?.unit?.name ?? '';

  function submit() {
    setError(null);
    if (!valid(startDate) || !valid(endDate) || !valid(invoiceDate)) {
      setError('Enter the start, end and invoice dates');
      return;
    }
    const meters = (
      rows.length > 0 ? rows : [{ id: meter.id, reversedConsumption: 0, chargedConsumption: 0 }]
    ).map((r) => ({
      meterId: r.id,
      reversedConsumption: r.reversedConsumption,
      chargedConsumption: Number(charged[r.id] ?? r.chargedConsumption) || 0,
    }));
    save.mutate(
      {
        meters,
        startDate: startDate ?? '',
        endDate: endDate ?? '',
        invoiceDate: invoiceDate ?? '',
        dueDate: valid(dueDate) ? dueDate : null,
        invoiceNumber,
        reversedCost: data.data?.reversedCosts ?? 0,
        chargedCost: Number(chargedCost === '' ? (data.data?.reversedCosts ?? 0) : chargedCost) || 0,
        unit: data.data?.unit?.id,
      },
      {
        onSuccess: () => {
          showSuccessBanner(spec.done);
          onClose();
        },
        onError: (e) => {
          if (!isSilentError(e)) setError(errorMessage(e));
          else showErrorBanner(errorMessage(e));
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={spec.title} centered size="lg">
      <Stack>
        <Text fz="sm" c="dimmed">
          {spec.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateField label="Start date" value={startDate} onChange={setStartDate} required />
          <DateField label="End date" value={endDate} onChange={setEndDate} required />
          <TextInput
            label="Invoice number"
            value={invoiceNumber}
            onChange={(e) => setInvoiceNumber(e.currentTarget.value)}
            required
            maxLength={100}
          />
          <Select
            label="Unit"
            data={(data.data?.energyUnits ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={data.data?.unit ? String(data.data.unit.id) : null}
            onChange={(v) => setUnit(v ? Number(v) : null)}
            allowDeselect={false}
          />
          <DateField label="Invoice date" value={invoiceDate} onChange={setInvoiceDate} required />
          <DateField label="Due date" value={dueDate} onChange={setDueDate} />
        </SimpleGrid>
        {rows.length > 0 && (
          <Table aria-label="Consumption reversed and charged" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Meter</Table.Th>
                <Table.Th ta="right">{`Reversed (${unitName})`}</Table.Th>
                <Table.Th>{`Charged (${unitName})`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.meterNumber ?? `Data source ${r.id}`}</Table.Td>
                  <Table.Td ta="right">{fixed(r.reversedConsumption, 2)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Charged consumption of ${r.meterNumber ?? r.id}`}
                      value={charged[r.id] ?? r.chargedConsumption}
                      onChange={(v) => setCharged((c) => ({ ...c, [r.id]: v }))}
                      decimalScale={4}
                      hideControls
                      size="xs"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Reversed cost (excl. GST)"
            value={fixed(data.data?.reversedCosts ?? 0, 2).toFixed(2)}
            readOnly
          />
          <NumberInput
            label="Charged cost (excl. GST)"
            value={chargedCost === '' ? (data.data?.reversedCosts ?? '') : chargedCost}
            onChange={setChargedCost}
            decimalScale={2}
            hideControls
          />
        </SimpleGrid>
        <FormError>{error}</FormError>
        <FormActions onCancel={onClose} onClick={submit} loading={save.isPending}>
          Save
        </FormActions>
      </Stack>
    </Modal>
  );
}
