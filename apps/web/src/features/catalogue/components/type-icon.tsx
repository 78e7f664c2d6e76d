import { Tooltip } from '@mantine/core';
import { IconBolt, IconClipboardList, IconCloud, IconTruckDelivery } from '@tabler/icons-react';
import { ENERGY_TYPE_TYPES } from '@verdant/contracts/catalogue';

const ICONS = { 1: IconBolt, 2: IconClipboardList, 3: IconTruckDelivery, 4: IconCloud } as const;

/** The data type's kind as an icon, named for screen readers and on hover (data-portal.md 2.8 "type icon"). */
export function TypeIcon({ type }: { type: number }) {
  const Icon = ICONS[type as keyof typeof ICONS] ?? IconClipboardList;
  const label = ENERGY_TYPE_TYPES.find((t) => t.Id === type)?.Descr ?? `Type ${type}`;
  return (
    <Tooltip label={label}>
      <span role="img" aria-label={label} style={{ display: 'inline-flex' }}>
        <Icon size={18} aria-hidden />
      </span>
    </Tooltip>
  );
}
