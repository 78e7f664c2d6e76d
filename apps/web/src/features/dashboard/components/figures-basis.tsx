import { Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { FactorEdition } from '@verdant/contracts/common';
import type { FigureBasis, FigureRestatement } from '@verdant/contracts/dashboard';
import { useId } from 'react';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { basisSentence, restatementText } from '../dashboard-figures';

/**
 * The dashboard's emissions restated or as originally reported (docs/decisions/factor-editions.md, The dashboard
 * as originally reported): offered only when a restatement moved the kg CO2e of the years the dashboard shows.
 */

const OPTIONS = [
  { value: 'restated', label: 'Restated' },
  { value: 'original', label: 'As originally reported' },
];

/** The choice above the dashboard's cards, with what it shows in words. */
export function FiguresBasisChoice({
  basis,
  restatements,
  onChange,
}: {
  basis: FigureBasis;
  restatements: readonly FigureRestatement[];
  onChange: (basis: FigureBasis) => void;
}) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="figures-basis">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
          <Text fz="sm" fw={600} id={labelId}>
            Emissions figures
          </Text>
          <Text fz="xs" c="dimmed">
            {basisSentence(basis, restatements)}
          </Text>
        </Stack>
        <SegmentedControl
          size="xs"
          aria-labelledby={labelId}
          data={OPTIONS}
          value={basis}
          onChange={(next) => onChange(next === 'original' ? 'original' : 'restated')}
        />
      </Group>
    </Paper>
  );
}

/**
 * Under a figure of emissions: the editions that produced it and, read as originally reported, a badge saying so
 * with the restatements it predates.
 */
export function EmissionsSource({
  editions,
  basis,
  restatements,
  centred = false,
}: {
  editions: readonly FactorEdition[];
  basis: FigureBasis;
  restatements: readonly FigureRestatement[];
  centred?: boolean;
}) {
  return (
    <Group gap={6} wrap="wrap" justify={centred ? 'center' : 'flex-start'}>
      {basis === 'original' && (
        <Badge
          size="xs"
          color="orange"
          variant="light"
          data-testid="original-figures"
          title={`Before the restatement${restatements.length === 1 ? '' : 's'} of ${restatements.map(restatementText).join('; ')}`}
        >
          As originally reported
        </Badge>
      )}
      <FactorEditionsNote editions={editions} />
    </Group>
  );
}
