import { Text, Tooltip } from '@mantine/core';
import type { FactorEdition } from '@verdant/contracts/common';
import { editionsText } from '@verdant/domain/editions/editions-text';

/**
 * The editions behind a figure of emissions, small under it (docs/decisions/factor-editions.md, Which edition produced
 * a figure); two when its months span a switch of edition.
 */
export function FactorEditionsNote({ editions }: { editions: readonly FactorEdition[] }) {
  return (
    <Tooltip
      label="The editions of emission factors that produced these kg CO2e (a period spanning a change of edition names each)"
      multiline
      w={280}
      withArrow
    >
      <Text fz="xs" c="dimmed" data-testid="factor-editions" tabIndex={0}>
        {editionsText(editions)}
      </Text>
    </Tooltip>
  );
}
