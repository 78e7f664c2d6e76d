import { Stack } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { useState } from 'react';
import { GroupsSection, IdentifiersSection } from '../../../components/meter-groups-identifiers';
import { AlertSections, LocationSection } from './alerts-location';
import { DetailSections } from './detail-sections';
import { ChangeDataTypeModal, MoveMeterModal, ReplacementModal } from './dialogs';

/** /data-sources/{id}/settings: every section of data-portal.md 2.2, each field saving itself. */
export function DataSourceSettings({ meter }: { meter: MeterDetail }) {
  const [dialog, setDialog] = useState<'move' | 'type' | 'replace' | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <DetailSections
        meter={meter}
        onMove={() => setDialog('move')}
        onChangeType={() => setDialog('type')}
        onReplace={() => setDialog('replace')}
      />
      <GroupsSection meter={meter} />
      <IdentifiersSection meter={meter} />
      <AlertSections meter={meter} />
      <LocationSection meter={meter} />
      <MoveMeterModal meter={meter} opened={dialog === 'move'} onClose={close} />
      <ChangeDataTypeModal meter={meter} opened={dialog === 'type'} onClose={close} />
      <ReplacementModal meter={meter} opened={dialog === 'replace'} onClose={close} />
    </Stack>
  );
}
