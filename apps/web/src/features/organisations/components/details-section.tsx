import { SimpleGrid } from '@mantine/core';
import type { Organisation, OrganisationUpdate } from '@verdant/contracts/organisations';
import { organisationUpdate } from '@verdant/contracts/organisations';
import type { InlineMode } from '@verdant/domain/inline-values';
import { InlineField } from '../../../components/inline-field';
import { SettingsSection } from '../../../components/settings-section';
import {
  type Choice,
  useChoices,
  useEnergyUnitChoices,
  useLoadChoices,
  useSaveOrganisation,
} from '../organisation-api';
import { SaveSelect } from './save-select';

type TextKey = {
  [K in keyof OrganisationUpdate]: OrganisationUpdate[K] extends string | null ? K : never;
}[keyof OrganisationUpdate];
type IdKey = 'orgtypeId' | 'countryId' | 'finrepId' | 'reportingUnitId' | 'loadId' | 'graphingOrder';

const TEXT_FIELDS: {
  key: Exclude<TextKey, 'subscriptionExpiry'>;
  label: string;
  mode?: InlineMode;
  type?: 'email';
}[] = [
  { key: 'name', label: 'Organisation Name', mode: 'non-empty' },
  { key: 'orgAddress1', label: 'Address Line 1' },
  { key: 'orgAddress2', label: 'Address Line 2' },
  { key: 'orgAddress3', label: 'Address Line 3' },
  { key: 'compReportEmail', label: 'Compliance Report Email', type: 'email' },
  { key: 'alertEmail', label: 'Alert Email', type: 'email' },
  { key: 'poNumber', label: 'Product PO Number' },
  { key: 'dataPoNumber', label: 'Data Loading PO Number' },
  { key: 'lastYearProductPo', label: 'Last Year Product PO' },
  { key: 'lastYearDataloadingPo', label: 'Last Year Data Loading PO' },
];

/** A field's own rule from the shared contract, run before the save. */
const fieldRule = (key: keyof OrganisationUpdate) => (value: string | null) => {
  const result = organisationUpdate.shape[key].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

const asId = (v: string | null) => (v === null ? null : Number(v));

/** Organisation Details: every editable field, saved by the inline field editor or as soon as chosen. */
export function DetailsSection({ organisation }: { organisation: Organisation }) {
  const save = useSaveOrganisation();
  const readOnly = !organisation.mayEdit;
  const types = useChoices('organisation-types').data ?? [];
  const countries = useChoices('countries').data ?? [];
  const reporting = useChoices('financial-reporting').data ?? [];
  const loads = useLoadChoices().data ?? [];
  const orders = useChoices('year-orders').data ?? [];
  const units = useEnergyUnitChoices().data ?? [];

  const selects: { key: IdKey; label: string; choices: Choice[]; clearable: boolean }[] = [
    { key: 'orgtypeId', label: 'Type', choices: types, clearable: true },
    { key: 'countryId', label: 'Country', choices: countries, clearable: true },
    { key: 'finrepId', label: 'Financial Reporting', choices: reporting, clearable: false },
    { key: 'reportingUnitId', label: 'Energy Unit for Reporting', choices: units, clearable: true },
    { key: 'loadId', label: 'Load Unit for Reporting', choices: loads, clearable: true },
    { key: 'graphingOrder', label: 'Year Order for Reporting', choices: orders, clearable: true },
  ];

  return (
    <SettingsSection title="Organisation Details">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
        {TEXT_FIELDS.map((field) => (
          <InlineField
            key={field.key}
            name={field.key}
            label={field.label}
            value={organisation[field.key]}
            mode={field.mode}
            type={field.type}
            readOnly={readOnly}
            validate={fieldRule(field.key)}
            onSave={(value) => save({ [field.key]: value })}
          />
        ))}
        {selects.map((field) => (
          <SaveSelect
            key={field.key}
            name={field.key}
            label={field.label}
            value={organisation[field.key] === null ? null : String(organisation[field.key])}
            choices={field.choices}
            clearable={field.clearable}
            readOnly={readOnly}
            onSave={(value) => save({ [field.key]: asId(value) })}
          />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}
