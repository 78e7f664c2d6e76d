import { NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { READ_TYPE_LABELS, READ_TYPES } from '@verdant/contracts/invoices/entry';
import type { RefObject } from 'react';
import { DateField } from '../../../components/date-fields';
import type { Draft } from '../invoice-form';
import { MoneyText, NumberText } from './fields';

interface KeyFieldsProps {
  draft: Draft;
  canEdit: boolean;
  dateEdit: boolean;
  tab: () => number;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  openingRef: RefObject<HTMLInputElement | null>;
}

/**
 * The bill's key fields under the masthead: number, dates, reading type, consumption and unit, retailer,
 * how items and discounts count GST, and the opening balance. Made during the editor's own render (called,
 * not mounted) so that its fields take their places in the editor's tab counter where they always have.
 */
export function keyFields({ draft, canEdit, dateEdit, tab, set, openingRef }: KeyFieldsProps) {
  const unit = draft.energyUnits.find((u) => u.id === draft.unitId)?.text ?? '';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Invoice Number"
        value={draft.invoiceNumber ?? ''}
        readOnly={!canEdit}
        tabIndex={tab()}
        onChange={(e) => set('invoiceNumber', e.currentTarget.value || null)}
      />
      <DateField
        label="Invoice Date"
        value={draft.invoiceDate}
        readOnly={!canEdit}
        tabIndex={tab()}
        onChange={(v) => set('invoiceDate', v)}
      />
      <DateField
        label="Due Date"
        value={draft.dateDue}
        readOnly={!canEdit}
        tabIndex={tab()}
        onChange={(v) => set('dateDue', v)}
      />
      <DateField
        label="Invoice Period from"
        value={draft.dateFrom}
        readOnly={!dateEdit}
        tabIndex={tab()}
        onChange={(v) => set('dateFrom', v)}
      />
      <DateField
        label="Invoice Period till"
        value={draft.dateTill}
        readOnly={!dateEdit}
        tabIndex={tab()}
        onChange={(v) => set('dateTill', v)}
      />
      <NativeSelect
        label="Reading Type"
        value={draft.readType}
        disabled={!canEdit}
        tabIndex={tab()}
        data={READ_TYPES.map((r) => ({ value: r, label: READ_TYPE_LABELS[r] }))}
        onChange={(e) => set('readType', e.currentTarget.value as Draft['readType'])}
      />
      <NumberText
        label={`Consumption in ${unit || 'units'}`}
        value={draft.consumption}
        readOnly={!canEdit}
        tabIndex={tab()}
        onValue={(v) => set('consumption', v ?? 0)}
      />
      <NativeSelect
        label="Energy unit"
        value={String(draft.unitId)}
        disabled={!canEdit}
        tabIndex={tab()}
        data={draft.energyUnits.map((u) => ({ value: String(u.id), label: u.text }))}
        onChange={(e) => set('unitId', Number(e.currentTarget.value))}
      />
      <NativeSelect
        label="Retailer"
        value={draft.retailerId === null ? '' : String(draft.retailerId)}
        disabled={!canEdit}
        tabIndex={tab()}
        data={[
          { value: '', label: 'Not set' },
          ...draft.retailers.map((r) => ({ value: String(r.id), label: r.text })),
        ]}
        onChange={(e) => set('retailerId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      />
      <Stack gap={2}>
        <Text size="sm" fw={500} id="items-are">
          Items are
        </Text>
        <SegmentedControl
          aria-labelledby="items-are"
          size="xs"
          disabled={!canEdit}
          value={draft.itemTotalsIncludeTax ? 'incl' : 'excl'}
          data={[
            { value: 'excl', label: 'GST excl' },
            { value: 'incl', label: 'GST incl' },
          ]}
          onChange={(v) => set('itemTotalsIncludeTax', v === 'incl')}
        />
      </Stack>
      <Stack gap={2}>
        <Text size="sm" fw={500} id="discount-applied">
          Discount applied
        </Text>
        <SegmentedControl
          aria-labelledby="discount-applied"
          size="xs"
          disabled={!canEdit || draft.itemTotalsIncludeTax}
          value={draft.discountAfterTax && !draft.itemTotalsIncludeTax ? 'after' : 'before'}
          data={[
            { value: 'before', label: 'before GST' },
            { value: 'after', label: 'after GST' },
          ]}
          onChange={(v) => set('discountAfterTax', v === 'after')}
        />
      </Stack>
      <MoneyText
        ref={openingRef}
        label="Opening Balance"
        value={draft.openingBalance}
        readOnly={!canEdit}
        tabIndex={tab()}
        onValue={(v) => set('openingBalance', v)}
      />
    </SimpleGrid>
  );
}
