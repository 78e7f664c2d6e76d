import { Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type Instrument,
  type InstrumentInput,
  type InstrumentKind,
  type InstrumentList,
  instrumentBody,
  INSTRUMENT_MESSAGES as M,
} from '@verdant/contracts/scope2-instruments';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useSaveInstrument } from '../api';

type Num = number | string;
const asNumber = (v: Num) => (v === '' ? Number.NaN : Number(v));

/**
 * Records certificates (a data source, MWh, period, rate) or a supplier-specific factor (a retailer or a data
 * source, period, rate). The contract's rules are checked here first; the server checks the data source and
 * retailer are the organisation's.
 */
export function InstrumentForm({
  editing,
  kind: initialKind,
  choices,
  onClose,
}: {
  editing: Instrument | null;
  kind: InstrumentKind;
  choices: Pick<InstrumentList, 'meters' | 'retailers'>;
  onClose: () => void;
}) {
  const { save } = useSaveInstrument();
  const [kind, setKind] = useState<InstrumentKind>(editing?.kind ?? initialKind);
  const [target, setTarget] = useState<'retailer' | 'meter'>(
    editing?.meter && editing.kind !== 'certificates' ? 'meter' : 'retailer',
  );
  const [meterId, setMeterId] = useState<string | null>(editing?.meter ? String(editing.meter.id) : null);
  const [retailerId, setRetailerId] = useState<string | null>(
    editing?.retailer ? String(editing.retailer.id) : null,
  );
  const [from, setFrom] = useState<string | null>(editing?.dateFrom ?? null);
  const [till, setTill] = useState<string | null>(editing?.dateTill ?? null);
  const [mwh, setMwh] = useState<Num>(editing?.mwh ?? '');
  const [rate, setRate] = useState<Num>(editing?.rate ?? (initialKind === 'certificates' ? 0 : ''));
  const [reference, setReference] = useState(editing?.reference ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const certificates = kind === 'certificates';
  const byMeter = certificates || target === 'meter';

  function submit() {
    const body: InstrumentInput = {
      kind,
      meterId: byMeter && meterId ? Number(meterId) : null,
      retailerId: !byMeter && retailerId ? Number(retailerId) : null,
      dateFrom: from ?? '',
      dateTill: till ?? '',
      mwh: certificates ? asNumber(mwh) : null,
      rate: asNumber(rate),
      reference: reference.trim() || null,
    };
    // What is missing is named first (the contract's own checks need the fields to be there).
    const missing: Record<string, string> = {};
    if (byMeter && !meterId) missing.meterId = M.meter;
    if (!byMeter && !retailerId) missing.retailerId = M.retailer;
    if (!from) missing.dateFrom = 'Enter the start date';
    if (!till) missing.dateTill = 'Enter the end date';
    const parsed = instrumentBody.safeParse(body);
    const issues = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (Object.keys(missing).length > 0 || !parsed.success) {
      setErrors({ ...issues, ...missing });
      return;
    }
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          showSuccessBanner(M.saved);
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 400) {
            const fields = Object.fromEntries(
              Object.entries(e.fields).map(([k, v]) => [k, v[0] ?? e.message]),
            );
            setErrors(Object.keys(fields).length > 0 ? fields : { form: e.message });
          } else if (!isSilentError(e)) showErrorBanner(errorMessage(e));
        },
      },
    );
  }

  const meterData = choices.meters.map((m) => ({ value: String(m.id), label: `${m.name} (${m.site})` }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        editing ? 'Change instrument' : certificates ? 'Add certificates' : 'Add a supplier-specific factor'
      }
      centered
    >
      <Stack>
        {!editing && (
          <SegmentedControl
            aria-label="Kind of instrument"
            value={kind}
            onChange={(v) => setKind(v as InstrumentKind)}
            data={[
              { value: 'certificates', label: 'Certificates' },
              { value: 'supplier-factor', label: 'Supplier factor' },
            ]}
          />
        )}
        {!certificates && (
          <SegmentedControl
            aria-label="Applies to"
            value={target}
            onChange={(v) => setTarget(v as 'retailer' | 'meter')}
            data={[
              { value: 'retailer', label: 'A retailer’s data sources' },
              { value: 'meter', label: 'One data source' },
            ]}
          />
        )}
        {byMeter ? (
          <Select
            label="Data source"
            data={meterData}
            value={meterId}
            onChange={setMeterId}
            searchable
            error={errors.meterId}
            nothingFoundMessage="No electricity data source"
          />
        ) : (
          <Select
            label="Retailer"
            data={choices.retailers.map((r) => ({ value: String(r.id), label: r.name }))}
            value={retailerId}
            onChange={setRetailerId}
            searchable
            error={errors.retailerId}
          />
        )}
        <Group grow align="flex-start">
          <DateField label="From" value={from} onChange={setFrom} error={errors.dateFrom} />
          <DateField label="Till" value={till} onChange={setTill} error={errors.dateTill} />
        </Group>
        <Group grow align="flex-start">
          {certificates && (
            <NumberInput
              label="Certified MWh"
              value={mwh}
              onChange={setMwh}
              decimalScale={3}
              min={0}
              error={errors.mwh}
            />
          )}
          <NumberInput
            label="Rate (kg CO2e per kWh)"
            description={certificates ? '0 for renewable generation' : 'As the retailer discloses it'}
            value={rate}
            onChange={setRate}
            decimalScale={6}
            min={0}
            max={10}
            error={errors.rate}
          />
        </Group>
        <TextInput
          label="Reference"
          description={certificates ? 'The certificates’ registry reference' : 'The retailer’s disclosure'}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          maxLength={200}
          error={errors.reference}
        />
        {errors.form && (
          <Text role="alert" c="red" fz="sm">
            {errors.form}
          </Text>
        )}
        <FormActions onCancel={onClose} onClick={submit} loading={save.isPending}>
          Save
        </FormActions>
      </Stack>
    </Modal>
  );
}
