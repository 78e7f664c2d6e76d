import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { METER_MAP } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { InlineField } from '../../../components/inline-field';
import { LocationMap } from '../../../components/location-map';
import { SettingsSection } from '../../../components/settings-section';
import { useWide } from '../../../lib/use-wide';
import { type AlertSetup, useAlertSetup } from '../data-source-api';
import { useFieldSavers } from './field-savers';

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));
const digitsOnly = (v: string | null) => (v === null || /^\d+$/.test(v) ? null : MSG.alertWholeNumber);
const decimalOnly = (v: string | null) => (v === null || /^\d+(\.\d+)?$/.test(v) ? null : MSG.alertDecimal);
const shown = (v: number | null) => (v === null ? null : String(v));

/**
 * The fields of one alert set-up, each a number in the inline field editor; every field saves the whole
 * set-up (the call takes all of its fields).
 */
function useSetupFields<T extends Record<string, number | null>>(
  meter: MeterDetail,
  path: AlertSetup,
  current: T,
  validate: (v: string | null) => string | null,
) {
  const save = useAlertSetup(meter.id, path);
  return (key: keyof T & string, label: string) => (
    <InlineField
      label={label}
      name={key}
      value={shown(current[key] ?? null)}
      readOnly={!meter.mayEdit}
      validate={validate}
      onSave={(value) => save.mutateAsync({ ...current, [key]: numberOrNull(value) })}
    />
  );
}

/** Consumption Alert, Base Load Alert and Tariff Alert set-ups, and the notifications recipient. */
export function AlertSections({ meter }: { meter: MeterDetail }) {
  const { consumption, tariff, baseLoad } = meter.alertSettings;
  const readOnly = !meter.mayEdit;
  const consumptionField = useSetupFields(meter, 'consumptionAlertSetup', consumption, digitsOnly);
  const tariffField = useSetupFields(meter, 'tariffAlertSetup', tariff, decimalOnly);
  const baseLoadField = useSetupFields(meter, 'baseLoadAlertSetup', baseLoad, decimalOnly);
  const consumptionSave = useAlertSetup(meter.id, 'consumptionAlertSetup');
  const save = useFieldSavers(meter);
  // The three long choices do not fit side by side on a phone.
  const wide = useWide();
  return (
    <>
      <SettingsSection title="Consumption Alert">
        <Stack gap="sm">
          <div>
            <Text fz="sm" fw={500} mb={4}>
              Alert when consumption is
            </Text>
            <SegmentedControl
              orientation={wide ? 'horizontal' : 'vertical'}
              disabled={readOnly}
              aria-label="Alert when consumption is"
              value={String(consumption.alertDiffer ?? 1)}
              onChange={(v) => consumptionSave.mutate({ ...consumption, alertDiffer: Number(v) })}
              data={[
                { value: '1', label: 'greater than previous year' },
                { value: '2', label: 'less than previous year' },
                { value: '3', label: 'different from previous year' },
              ]}
            />
          </div>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {consumptionField('alertPerc', 'By more than (%)')}
            {consumptionField('absAlert', `And more than (${meter.unit ?? 'units'})`)}
          </SimpleGrid>
        </Stack>
      </SettingsSection>
      <SettingsSection title="Base Load Alert">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {baseLoadField('triggerPercentage', 'Trigger percentage')}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title="Tariff Alert">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {tariffField('relAlert', 'Relative change (%)')}
          {tariffField('absAlert', 'Absolute change ($)')}
          {tariffField('rateAlert', 'Rate change (c/unit)')}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title="Notifications">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <InlineField
            label="Notifications recipient (email)"
            name="alertRecipient"
            type="email"
            value={meter.alertRecipient}
            readOnly={readOnly}
            onSave={save.text('alertRecipient')}
          />
        </SimpleGrid>
      </SettingsSection>
    </>
  );
}

/** Address lines, directions and the map: a draggable marker, a double-click sets the location. */
export function LocationSection({ meter }: { meter: MeterDetail }) {
  const save = useFieldSavers(meter);
  const readOnly = !meter.mayEdit;
  return (
    <SettingsSection title="Location">
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {save.field('address1', 'Address line 1')}
          {save.field('address2', 'Address line 2')}
          {save.field('address3', 'Address line 3')}
          {save.field('address4', 'Directions')}
        </SimpleGrid>
        <LocationMap
          x={meter.meterLocation?.x ?? null}
          y={meter.meterLocation?.y ?? null}
          readOnly={readOnly}
          onMove={(x, y) => save.now({ meterLocation: { x, y } })}
          title="Data source location"
          testId="meter"
          centre={METER_MAP.centre}
          zoom={METER_MAP.zoom}
          locatedZoom={METER_MAP.locatedZoom}
        />
      </Stack>
    </SettingsSection>
  );
}
