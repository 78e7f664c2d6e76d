import { Anchor, Button, SimpleGrid, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Organisation } from '@verdant/contracts/organisations';
import { useState } from 'react';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { useFactorSources, useLedgerStatus, useSaveOrganisation } from '../organisation-api';
import { AugmentFactorsModal } from './augment-factors-modal';
import { SaveSelect } from './save-select';

/** The spec's reporting year ends (section 9). */
export const YEAR_END_CHOICES = [
  { value: '12', label: 'December (calendar year, Jan-Dec)' },
  { value: '3', label: 'March (commercial financial year, Apr-Mar)' },
  { value: '6', label: 'June (government financial year, Jul-Jun)' },
];

const DEFAULT_SOURCE = 'default';

/** GHG Reporting Settings: the emission factor source and the reporting year end. */
export function GhgSettingsSection({ organisation }: { organisation: Organisation }) {
  const save = useSaveOrganisation();
  const sources = useFactorSources().data ?? [];
  const readOnly = !organisation.mayEdit;
  // No source chosen means the product's default factors; the default source is not offered twice.
  const defaultName = sources.find((s) => s.isDefault)?.name;
  const sourceChoices = [
    { value: DEFAULT_SOURCE, label: defaultName ? `${defaultName} (default)` : 'Default factors' },
    ...sources.filter((s) => !s.isDefault).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  const source = organisation.emissionFactorDataSourceId;
  const status = useLedgerStatus().data;
  const [augmenting, setAugmenting] = useState(false);

  return (
    <SettingsSection
      title="GHG Reporting Settings"
      description="Emissions are recalculated with the chosen factors; every yearly figure follows the reporting year."
      right={
        !readOnly && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAugmenting(true)}
          >
            Augment Factors
          </Button>
        )
      }
    >
      <AugmentFactorsModal opened={augmenting} onClose={() => setAugmenting(false)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SaveSelect
          name="emissionFactorDataSourceId"
          label="Emission factor source"
          value={
            source === null || sources.find((s) => s.id === source)?.isDefault
              ? DEFAULT_SOURCE
              : String(source)
          }
          choices={sourceChoices}
          readOnly={readOnly}
          onSave={(value) =>
            save({
              emissionFactorDataSourceId: value === null || value === DEFAULT_SOURCE ? null : Number(value),
            })
          }
        />
        <SaveSelect
          name="reportingYearEnd"
          label="Reporting year end"
          value={String(organisation.reportingYearEnd)}
          choices={YEAR_END_CHOICES}
          readOnly={readOnly}
          onSave={(value) => save({ reportingYearEnd: Number(value ?? 12) })}
        />
      </SimpleGrid>
      <Text size="sm">
        Market-based scope 2 takes the organisation’s{' '}
        <Anchor component={Link} to="/organisation/scope2-instruments">
          certificates and supplier-specific factors
        </Anchor>
        , and the residual mix for the rest.
      </Text>
      {status && !status.fresh ? (
        <Text size="sm" c="dimmed" mt="sm" role="status">
          Recalculating emissions: {status.pendingMeters} data{' '}
          {status.pendingMeters === 1 ? 'source' : 'sources'} to go. Figures update when it is done.
        </Text>
      ) : null}
    </SettingsSection>
  );
}
