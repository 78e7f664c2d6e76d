import { Button, Checkbox, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { type MeterDetail, REPORTING_SOURCES, SITUATIONS } from '@verdant/contracts/meters';
import { CARBON_REPORTING_ENERGY_ID, METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { InlineField } from '../../../components/inline-field';
import { useContractOptions, useRetailerList, useUnitsOf } from '../api';
import { Section, useFieldSavers } from './section';

const CONSUMPTION_FLAG = 1;
const CARBON_FLAGS = 6;
const intOrNull = (v: string | null) => (v === null ? null : Number(v));

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
  const text = (key: 'meterNumber' | 'account' | 'landlord' | 'alertRecipient', label: string) => (
    <InlineField label={label} name={key} value={meter[key]} readOnly={readOnly} onSave={save.text(key)} />
  );
  const electricity = meter.energyId === 13 || meter.energyId === 14;

  return (
    <>
      <Section
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
          <Select
            label="Unit"
            data={(units.data ?? []).map((u) => ({ value: String(u.unitId), label: u.name }))}
            value={meter.unitId === null ? null : String(meter.unitId)}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(v) => v && save.now({ unitId: Number(v) })}
          />
          <Select
            label="Meter type"
            data={Object.entries(METER_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            value={String(meter.meterType)}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(v) => v && save.now({ meterType: Number(v) })}
          />
          <Select
            label="Level"
            data={[
              { value: '1', label: 'Supply Meter (retail)' },
              { value: '2', label: 'Check meter (submeter)' },
            ]}
            value={String(meter.metlvlId)}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(v) => v && save.now({ metlvlId: Number(v) as 1 | 2 })}
          />
          <Select
            label="Reporting source"
            data={[...REPORTING_SOURCES]}
            value={meter.reportingSource}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(v) => v && save.now({ reportingSource: v as MeterDetail['reportingSource'] })}
          />
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
          <Switch
            label="Transient meter (tenanted when not billed)"
            checked={meter.transientMeter}
            disabled={readOnly}
            onChange={(e) => save.now({ transientMeter: e.currentTarget.checked })}
          />
          <Checkbox
            label="Consumption reporting"
            checked={(meter.reporting & CONSUMPTION_FLAG) !== 0}
            disabled={readOnly}
            onChange={(e) => flag(CONSUMPTION_FLAG, e.currentTarget.checked)}
          />
        </SimpleGrid>
      </Section>

      {meter.energyId === CARBON_REPORTING_ENERGY_ID && (
        <Section title="Carbon Reporting">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Checkbox
              label="Carbon reporting"
              checked={(meter.reporting & CARBON_FLAGS) !== 0}
              disabled={readOnly}
              onChange={(e) => flag(CARBON_FLAGS, e.currentTarget.checked)}
            />
            <Switch
              label="Contractor meter (reported in scope 3)"
              checked={meter.contractorMeter}
              disabled={readOnly}
              onChange={(e) => save.now({ contractorMeter: e.currentTarget.checked })}
            />
          </SimpleGrid>
        </Section>
      )}

      <Section title="Retail and Billing">
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
          {text('account', electricity ? 'ICP' : 'Account number')}
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
          <Select
            label="Situation"
            data={[...SITUATIONS]}
            value={meter.situation}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(v) => v && save.now({ situation: v as MeterDetail['situation'] })}
          />
          {meter.situation === 'LANDLORD' && text('landlord', 'Landlord')}
          <Switch
            label="Include in the invoice report"
            checked={meter.invoiceReport}
            disabled={readOnly}
            onChange={(e) => save.now({ invoiceReport: e.currentTarget.checked })}
          />
          <Switch
            label="Non-mainland supply"
            checked={meter.nonMainland}
            disabled={readOnly}
            onChange={(e) => save.now({ nonMainland: e.currentTarget.checked })}
          />
        </SimpleGrid>
      </Section>

      <Section title="Metering Information">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {text('meterNumber', 'Meter number')}
          <InlineField
            label="Load group"
            name="loadGroup"
            mode="integer"
            value={meter.loadGroup === null ? null : String(meter.loadGroup)}
            readOnly={readOnly}
            onSave={save.text('loadGroup', intOrNull)}
          />
          <Switch
            label="Smart metering"
            checked={meter.smartMetering}
            disabled={readOnly}
            onChange={(e) => save.now({ smartMetering: e.currentTarget.checked })}
          />
          <Switch
            label="Has export (generation)"
            checked={meter.hasExport}
            disabled={readOnly}
            onChange={(e) => save.now({ hasExport: e.currentTarget.checked })}
          />
          <Switch
            label="Inherits a submeter"
            checked={meter.inheritSubmeter}
            disabled={readOnly}
            onChange={(e) => save.now({ inheritSubmeter: e.currentTarget.checked })}
          />
        </SimpleGrid>
      </Section>
    </>
  );
}
