import { Button, Checkbox, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { MeterDetail, MeterUpdate } from '@verdant/contracts/data-sources/meters';
import { REPORTING_SOURCES, SITUATIONS } from '@verdant/domain/meter-creation';
import { CARBON_REPORTING_ENERGY_ID, METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { InlineField } from '../../../components/inline-field';
import { SettingsSection } from '../../../components/settings-section';
import { useContractOptions, useRetailerList, useUnitsOf } from '../data-source-api';
import { useFieldSavers } from './field-savers';

const CONSUMPTION_FLAG = 1;
const CARBON_FLAGS = 6;
const intOrNull = (v: string | null) => (v === null ? null : Number(v));

type ToggleKey =
  | 'transientMeter'
  | 'contractorMeter'
  | 'invoiceReport'
  | 'nonMainland'
  | 'smartMetering'
  | 'hasExport'
  | 'inheritSubmeter';

interface Props {
  meter: MeterDetail;
  onChangeType: () => void;
  onReplace: () => void;
  onMove: () => void;
}

/** Data Source Detail, Carbon Reporting (type 52 only), Retail and Billing, Metering Information. */
export function DetailSections({ meter, onChangeType, onReplace, onMove }: Props) {
  const save = useFieldSavers(meter);
  const units = useUnitsOf(meter.energyId);
  const retailers = useRetailerList();
  const touContracts = useContractOptions(meter.organisationId, 'tou');
  const ppdContracts = useContractOptions(meter.organisationId, 'ppd');
  const readOnly = !meter.mayEdit;
  const flag = (bit: number, on: boolean) =>
    save.now({ reporting: on ? meter.reporting | bit : meter.reporting & ~bit });
  const toggle = (key: ToggleKey, label: string) => (
    <Switch
      label={label}
      checked={meter[key]}
      disabled={readOnly}
      onChange={(e) => save.now({ [key]: e.currentTarget.checked })}
    />
  );
  /** A required choice that saves at once. */
  const choice = (
    label: string,
    data: (string | { value: string; label: string })[],
    value: string | null,
    body: (v: string) => MeterUpdate,
  ) => (
    <Select
      label={label}
      data={data}
      value={value}
      readOnly={readOnly}
      allowDeselect={false}
      onChange={(v) => v && save.now(body(v))}
    />
  );
  const electricity = meter.energyId === 13 || meter.energyId === 14;

  return (
    <>
      <SettingsSection
        title="Data Source Detail"
        right={
          <Group gap="xs">
            {meter.mayEdit && (
              <Button size="compact-sm" variant="light" onClick={onMove}>
                Move Meter
              </Button>
            )}
            {meter.mayEdit && meter.mayAdminister && (
              <Button size="compact-sm" variant="light" onClick={onChangeType}>
                Change Data Type
              </Button>
            )}
            {meter.mayEdit && meter.mayAdminister && electricity && !meter.closed && (
              <Button size="compact-sm" variant="light" onClick={onReplace}>
                Create Replacement
              </Button>
            )}
          </Group>
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <InlineField
            label="Name"
            name="localName"
            mode="non-empty"
            value={meter.localName}
            readOnly={readOnly}
            onSave={save.text('localName', (v) => v ?? '')}
          />
          <TextInput label="Data type" value={meter.energy ?? ''} readOnly variant="filled" />
          {choice(
            'Unit',
            (units.data ?? []).map((u) => ({ value: String(u.unitId), label: u.name })),
            meter.unitId === null ? null : String(meter.unitId),
            (v) => ({ unitId: Number(v) }),
          )}
          {choice(
            'Meter type',
            Object.entries(METER_TYPE_LABELS).map(([value, label]) => ({ value, label })),
            String(meter.meterType),
            (v) => ({ meterType: Number(v) }),
          )}
          {choice(
            'Level',
            [
              { value: '1', label: 'Supply Meter (retail)' },
              { value: '2', label: 'Check meter (submeter)' },
            ],
            String(meter.metlvlId),
            (v) => ({ metlvlId: Number(v) as 1 | 2 }),
          )}
          {choice('Reporting source', [...REPORTING_SOURCES], meter.reportingSource, (v) => ({
            reportingSource: v as MeterDetail['reportingSource'],
          }))}
          <InlineField
            label="Open date"
            type="date"
            name="meterOpen"
            mode="non-empty"
            value={meter.meterOpen}
            readOnly={readOnly}
            onSave={save.text('meterOpen', (v) => v ?? '')}
          />
          <InlineField
            label="Close date (empty while open)"
            type="date"
            name="meterClose"
            value={meter.meterClose}
            readOnly={readOnly}
            onSave={save.text('meterClose')}
          />
          {toggle('transientMeter', 'Transient meter (tenanted when not billed)')}
          <Checkbox
            label="Consumption reporting"
            checked={(meter.reporting & CONSUMPTION_FLAG) !== 0}
            disabled={readOnly}
            onChange={(e) => flag(CONSUMPTION_FLAG, e.currentTarget.checked)}
          />
        </SimpleGrid>
      </SettingsSection>

      {meter.energyId === CARBON_REPORTING_ENERGY_ID && (
        <SettingsSection title="Carbon Reporting">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Checkbox
              label="Carbon reporting"
              checked={(meter.reporting & CARBON_FLAGS) !== 0}
              disabled={readOnly}
              onChange={(e) => flag(CARBON_FLAGS, e.currentTarget.checked)}
            />
            {toggle('contractorMeter', 'Contractor meter (reported in scope 3)')}
          </SimpleGrid>
        </SettingsSection>
      )}

      <SettingsSection title="Retail and Billing">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label="Retailer"
            searchable
            clearable
            data={(retailers.data ?? []).map((r) => ({
              value: String(r.retailerId),
              label: r.retailerDescr,
            }))}
            value={meter.retailerId === null ? null : String(meter.retailerId)}
            readOnly={readOnly}
            onChange={(v) => save.now({ retailerId: v === null ? null : Number(v) })}
          />
          {save.field('account', electricity ? 'ICP' : 'Account number')}
          <Select
            label="TOU contract"
            clearable
            data={touContracts.data ?? []}
            value={meter.touContract === null ? null : String(meter.touContract)}
            readOnly={readOnly}
            onChange={(v) => save.now({ touContract: intOrNull(v) })}
          />
          <Select
            label="PPD contract"
            clearable
            data={ppdContracts.data ?? []}
            value={meter.ppdContract === null ? null : String(meter.ppdContract)}
            readOnly={readOnly}
            onChange={(v) => save.now({ ppdContract: intOrNull(v) })}
          />
          {choice('Situation', [...SITUATIONS], meter.situation, (v) => ({
            situation: v as MeterDetail['situation'],
          }))}
          {meter.situation === 'LANDLORD' && save.field('landlord', 'Landlord')}
          {toggle('invoiceReport', 'Include in the invoice report')}
          {toggle('nonMainland', 'Non-mainland supply')}
        </SimpleGrid>
      </SettingsSection>

      <SettingsSection title="Metering Information">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {save.field('meterNumber', 'Meter number')}
          <InlineField
            label="Load group"
            name="loadGroup"
            mode="integer"
            value={meter.loadGroup === null ? null : String(meter.loadGroup)}
            readOnly={readOnly}
            onSave={save.text('loadGroup', intOrNull)}
          />
          {toggle('smartMetering', 'Smart metering')}
          {toggle('hasExport', 'Has export (generation)')}
          {toggle('inheritSubmeter', 'Inherits a submeter')}
        </SimpleGrid>
      </SettingsSection>
    </>
  );
}
