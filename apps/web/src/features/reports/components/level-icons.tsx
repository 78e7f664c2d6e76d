import { Group, Tooltip } from '@mantine/core';
import {
  IconBuilding,
  IconBuildingCommunity,
  IconBuildingFactory2,
  IconCar,
  IconCircleDashed,
  IconFolders,
  IconGauge,
  IconHierarchy,
  IconUsersGroup,
} from '@tabler/icons-react';
import { LEVEL_LABELS, type Level } from '@verdant/domain/reports/report-types';

/** The level icons of the catalogue table (data-portal.md 2.7), each named for screen readers. */
const ICONS: Record<Level, typeof IconBuilding> = {
  organisation: IconHierarchy,
  'site-group': IconFolders,
  site: IconBuildingCommunity,
  facility: IconBuildingFactory2,
  entity: IconBuilding,
  'meter-group': IconUsersGroup,
  meter: IconGauge,
  vehicle: IconCar,
  none: IconCircleDashed,
};

export function LevelIcons({ levels }: { levels: readonly Level[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {levels.map((level) => {
        const Icon = ICONS[level];
        return (
          <Tooltip key={level} label={LEVEL_LABELS[level]}>
            <Icon size={18} stroke={1.6} aria-label={LEVEL_LABELS[level]} role="img" />
          </Tooltip>
        );
      })}
    </Group>
  );
}
