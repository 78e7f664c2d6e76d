import type { GraphAsset, GraphQuantity } from '@verdant/domain/graphs/series';

/** The deaggregations a source offers (a data source or an entity has no parts of its own; groups split the organisation). */
export function splitChoices(asset: GraphAsset, quantity: GraphQuantity) {
  const child =
    asset.type === 'organisation' || asset.type === 'site-group'
      ? 'By site'
      : asset.type === 'site' || asset.type === 'meter-group' || asset.type === 'vehicle'
        ? 'By data source'
        : null;
  // A public dataset belongs to no asset: it does not split.
  const dataset = quantity.source === 'dataset';
  return [
    { value: 'none' as const, label: 'None: the source as a whole', enabled: true },
    { value: 'asset' as const, label: child ?? 'By child asset', enabled: child !== null && !dataset },
    {
      value: 'data-type' as const,
      label: 'By data type',
      // Time-matched scope 2 is one meter's own figure: it has no data types to split into.
      enabled: !(quantity.type === 'units' && quantity.id !== null) && quantity.source !== 'time-matched',
    },
    { value: 'group' as const, label: 'By group', enabled: asset.type === 'organisation' && !dataset },
  ];
}
