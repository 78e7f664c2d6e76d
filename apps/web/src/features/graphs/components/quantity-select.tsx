import { Loader, Select, Text } from '@mantine/core';
import type { GraphAsset, GraphQuantity } from '@verdant/domain/graphs/series';
import { errorMessage } from '../../../lib/api-errors';
import { useMeasured } from '../api';

const quantityKey = (q: Pick<GraphQuantity, 'source' | 'type' | 'id' | 'filter'>) =>
  `${q.source}|${q.type}|${q.id ?? ''}|${q.filter ?? ''}`;

/**
 * What can be shown of a source (GET /{assetKind}/{id}/quantities-measured and /stdunits-measured): totals,
 * scopes and each data type, then time-matched scope 2 where the source offers it (a meter with half-hour
 * data and a grid intensity series for its region), the public datasets (indicators beside any source), then
 * the standard units its data sources measure.
 */
export function QuantitySelect({
  asset,
  value,
  onChange,
}: {
  asset: GraphAsset | null;
  value: GraphQuantity | null;
  onChange: (quantity: GraphQuantity | null) => void;
}) {
  const { quantities, units } = useMeasured(asset);
  if (quantities.isError)
    return (
      <Text fz="sm" c="red" role="alert">
        {errorMessage(quantities.error)}
      </Text>
    );
  const options = [...(quantities.data?.quantities ?? []), ...(units.data?.quantities ?? [])];
  const item = (q: GraphQuantity) => ({ value: quantityKey(q), label: `${q.label} (${q.unit})` });
  const measured = quantities.data?.quantities ?? [];
  const data = [
    { group: 'Quantities', items: measured.filter((q) => q.source === 'ledger').map(item) },
    { group: 'Time-matched scope 2', items: measured.filter((q) => q.source === 'time-matched').map(item) },
    { group: 'Public datasets', items: measured.filter((q) => q.source === 'dataset').map(item) },
    {
      group: 'Standard units',
      items: (units.data?.quantities ?? []).map((q) => ({ value: quantityKey(q), label: q.label })),
    },
  ].filter((g) => g.items.length > 0);
  return (
    <Select
      label="Quantity"
      placeholder={asset ? 'Choose what to show' : 'Select a source first'}
      disabled={asset === null}
      searchable
      data={data}
      value={value ? quantityKey(value) : null}
      rightSection={quantities.isFetching ? <Loader size={14} aria-label="Loading quantities" /> : undefined}
      onChange={(key) => onChange(options.find((o) => quantityKey(o) === key) ?? null)}
    />
  );
}
