import type { SearchAssetType } from '@verdant/contracts/search';
import type { AssetType } from '@verdant/contracts/users';

/** The asset type selector's choices, as the spec names them (meter groups are "Source Groups"). */
export const ASSET_TYPE_CHOICES: readonly { value: AssetType; label: string }[] = [
  { value: 'organisation', label: 'Organisation' },
  { value: 'site-group', label: 'Site Groups' },
  { value: 'meter-group', label: 'Source Groups' },
  { value: 'site', label: 'Sites' },
  { value: 'entity', label: 'Entities' },
  { value: 'meter', label: 'Data Sources' },
];

/** The graph builder's sources: every kind of asset, vehicles too. */
export const GRAPH_SOURCE_CHOICES: readonly { value: SearchAssetType; label: string }[] = [
  ...ASSET_TYPE_CHOICES,
  { value: 'vehicle', label: 'Vehicles' },
];

/** One asset's type, as a table cell names it. */
export const ASSET_TYPE_LABELS: Record<SearchAssetType, string> = {
  organisation: 'Organisation',
  'site-group': 'Site Group',
  'meter-group': 'Source Group',
  site: 'Site',
  entity: 'Entity',
  meter: 'Data Source',
  vehicle: 'Vehicle',
};
