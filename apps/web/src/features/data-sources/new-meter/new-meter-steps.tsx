import { Alert, Checkbox, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { EnergyTypeItem, LookupItem } from '@verdant/contracts/catalogue';
import type { IcpCheckAnswer, Retailer } from '@verdant/contracts/data-sources/creation';
import { MSG } from '@verdant/domain/messages';
import {
  formatIcpInput,
  type NewMeterDraft,
  needsAccountNumber,
  needsIcp,
  needsLandlord,
  needsRetailer,
  REPORTING_SOURCE_OPTIONS,
  type ReportingSource,
  SITUATION_LABELS,
  SITUATIONS,
  type Situation,
  type StepErrors,
  type Supply,
} from '@verdant/domain/meter-creation';
import { DateField } from '../../../components/date-fields';

export type Draft = NewMeterDraft & { nonMainland: boolean };
export type SetField = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

interface StepProps {
  draft: Draft;
  set: SetField;
  /** The step's errors, shown once the user tried to leave it. */
  errors: StepErrors;
}

const idOrNull = (v: string | null) => (v === null ? null : Number(v));
const str = (v: number | null) => (v === null ? null : String(v));

/** Activities grouped by their grouping, as the catalogue lists them. */
function activityOptions(types: EnergyTypeItem[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const t of types) {
    const list = groups.get(t.grouping) ?? [];
    list.push({ value: String(t.id), label: t.energyDescr });
    groups.set(t.grouping, list);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

export function OverviewStep({
  draft,
  set,
  errors,
  sites,
  types,
  onActivity,
}: StepProps & {
  sites: { value: string; label: string }[];
  types: EnergyTypeItem[];
  onActivity: (id: number | null) => void;
}) {
  return (
    <Stack gap="sm">
      <Select
        label="Site"
        required
        allowDeselect={false}
        searchable
        data={sites}
        value={str(draft.site)}
        onChange={(v) => set('site', idOrNull(v))}
        error={errors.site}
      />
      <Select
        label="Activity"
        description="What the data source measures"
        required
        allowDeselect={false}
        searchable
        data={activityOptions(types)}
        value={str(draft.energy)}
        onChange={(v) => onActivity(idOrNull(v))}
        error={errors.energy}
      />
      <Select
        label="Reporting source"
        required
        allowDeselect={false}
        data={REPORTING_SOURCE_OPTIONS}
        value={draft.reporting}
        onChange={(v) => set('reporting', v as ReportingSource | null)}
        error={errors.reporting}
      />
    </Stack>
  );
}

export function AccountStep({
  draft,
  set,
  errors,
  supply,
  icp,
}: StepProps & {
  supply: Supply;
  icp: { checking: boolean; answer: IcpCheckAnswer | undefined; typedInvalid: boolean };
}) {
  const withIcp = needsIcp(supply, draft.level);
  const icpError =
    withIcp && (icp.typedInvalid || icp.answer?.valid === false)
      ? MSG.icpNotValid
      : withIcp
        ? errors.icp
        : null;
  return (
    <Stack gap="sm">
      <Select
        label="Level"
        description="The kind of supply this data source is"
        required
        allowDeselect={false}
        data={SITUATIONS.map((s) => ({ value: s, label: SITUATION_LABELS[s] }))}
        value={draft.level}
        onChange={(v) => v && set('level', v as Situation)}
      />
      <DateField
        label="Open date"
        required
        value={draft.openDate}
        onChange={(v) => set('openDate', v)}
        error={errors.openDate}
      />
      {withIcp && (
        <TextInput
          label="ICP"
          description="16 characters: the hyphen is added after the 12th"
          required
          value={draft.icp}
          maxLength={16}
          autoComplete="off"
          onChange={(e) => set('icp', formatIcpInput(e.currentTarget.value))}
          error={icpError}
          rightSection={icp.checking ? <Loader size="xs" aria-hidden /> : undefined}
        />
      )}
      {withIcp && icp.checking && (
        <Text size="sm" c="dimmed" role="status">
          {MSG.icpChecking}
        </Text>
      )}
      {withIcp && icp.answer?.valid && icp.answer.exists && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
          {icp.answer.message}
        </Alert>
      )}
      {!withIcp && draft.level !== 'CHECK' && (
        <TextInput
          label={needsAccountNumber(supply, draft.level) ? 'Account number' : 'Account'}
          required={needsAccountNumber(supply, draft.level)}
          value={draft.icp}
          onChange={(e) => set('icp', e.currentTarget.value)}
          error={errors.icp}
        />
      )}
      {needsLandlord(draft.level) && (
        <TextInput
          label="Landlord name"
          required
          value={draft.landlord}
          onChange={(e) => set('landlord', e.currentTarget.value)}
          error={errors.landlord}
        />
      )}
      <Checkbox
        label="Off the mainland (Chatham Islands or another island supply)"
        checked={draft.nonMainland}
        onChange={(e) => set('nonMainland', e.currentTarget.checked)}
      />
    </Stack>
  );
}

export function MeteringStep({
  draft,
  set,
  errors,
  supply,
  units,
  meterTypes,
  retailers,
}: StepProps & {
  supply: Supply;
  units: { value: string; label: string }[];
  meterTypes: LookupItem[];
  retailers: Retailer[];
}) {
  const gridSupply = needsRetailer(supply, draft.level, false);
  return (
    <Stack gap="sm">
      <Select
        label="Unit"
        description="The unit readings and invoices are recorded in"
        required
        allowDeselect={false}
        data={units}
        value={str(draft.unit)}
        onChange={(v) => set('unit', idOrNull(v))}
        error={errors.unit}
      />
      <Select
        label="Unit for reporting"
        required
        allowDeselect={false}
        data={units}
        value={str(draft.outputUnit)}
        onChange={(v) => set('outputUnit', idOrNull(v))}
        error={errors.outputUnit}
      />
      <Select
        label="Meter type"
        required
        allowDeselect={false}
        data={meterTypes.map((t) => ({ value: String(t.Id), label: t.Descr }))}
        value={str(draft.meterType)}
        onChange={(v) => set('meterType', idOrNull(v))}
        error={errors.meterType}
      />
      <Select
        label="Retailer"
        required={gridSupply && !draft.nonRetailer}
        searchable
        clearable
        disabled={draft.nonRetailer}
        data={retailers.map((r) => ({ value: String(r.retailerId), label: r.retailerDescr }))}
        value={str(draft.retailer)}
        onChange={(v) => set('retailer', idOrNull(v))}
        error={errors.retailer}
      />
      {gridSupply && (
        <Checkbox
          label="Not bought from a retailer"
          checked={draft.nonRetailer}
          onChange={(e) => set('nonRetailer', e.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}

export function NamingStep({ draft, set, errors, suggestion }: StepProps & { suggestion: string }) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        description={suggestion ? `Suggested: ${suggestion}` : 'At least 3 characters'}
        required
        value={draft.name}
        maxLength={200}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-autofocus
      />
    </Stack>
  );
}
