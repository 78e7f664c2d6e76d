import { Anchor, Group, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { benchmarkOperations } from '@verdant/contracts/benchmark';
import { Link } from 'react-router';
import { useOperation } from '../../../lib/operations';

/** The entity's latest benchmark position (docs/decisions/benchmark.md, The entity's position), with its report. */
export function EntityBenchmark({ entityId }: { entityId: number }) {
  const position = useOperation(benchmarkOperations.position, { params: { id: entityId } });
  const p = position.data;
  if (!p) return null;
  const to = `/reports/benchmark?entity=${entityId}${p.level === null ? '' : `&level=${p.level}`}`;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="entity-benchmark">
      <IconScale size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text fz="sm">
        {p.text ? `Benchmark: ${p.text}` : (p.message ?? 'No benchmark')}
        {p.message && p.text ? ` (${p.message})` : ''}.{' '}
        <Anchor component={Link} to={to} fz="sm">
          Open the benchmark report
        </Anchor>
      </Text>
    </Group>
  );
}
