import { SimpleGrid } from '@mantine/core';
import type { Organisation } from '@verdant/contracts/organisations';
import { InlineField } from '../../../components/inline-field';
import { SettingsSection } from '../../../components/settings-section';
import { useSaveTarget } from '../organisation-api';

const asText = (n: number | null) => (n === null ? null : String(n));

/** Organisation targets: yearly emissions (kg CO2e) and consumption (kWh); empty clears a target. */
export function TargetsSection({ organisation }: { organisation: Organisation }) {
  const save = useSaveTarget();
  const readOnly = !organisation.mayEdit;
  return (
    <SettingsSection title="Targets" description="Yearly targets for the whole organisation.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <InlineField
          name="co2e"
          label="Emissions target (kg CO2e a year)"
          mode="number"
          value={asText(organisation.co2eTarget)}
          readOnly={readOnly}
          onSave={(value) => save('co2e', value)}
        />
        <InlineField
          name="cons"
          label="Consumption target (kWh a year)"
          mode="number"
          value={asText(organisation.consTarget)}
          readOnly={readOnly}
          onSave={(value) => save('cons', value)}
        />
      </SimpleGrid>
    </SettingsSection>
  );
}
