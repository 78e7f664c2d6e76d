import { SimpleGrid, Stack, Switch } from '@mantine/core';
import { isStoredDate, type Site } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { assetFields } from '../../../components/asset-fields';
import { GroupMemberships } from '../../../components/group-memberships';
import { InlineField } from '../../../components/inline-field';
import { LookupSelect } from '../../../components/lookup-select';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useGroupMembership, useSetIndicator, useUpdateSite } from '../api';

const dateRule = (value: string | null) =>
  value === null || isStoredDate(value) ? null : MSG.siteOpenDateFormat;

function SiteDetail({ site }: { site: Site }) {
  const readOnly = !site.mayEdit;
  const update = useUpdateSite(site.id);
  const { field, now } = assetFields(site, readOnly, update);
  return (
    <SettingsSection title="Site Detail">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {field('name', 'Site name', { mode: 'non-empty' })}
        {field('description', 'Description')}
        {field('siteAddress1', 'Address line 1')}
        {field('siteAddress2', 'Address line 2')}
        {field('siteAddress3', 'Address line 3')}
        <LookupSelect
          label="Region"
          list="regions"
          value={site.regionId}
          readOnly={readOnly}
          clearable={false}
          onSave={(regionId) => update.mutateAsync({ regionId: regionId ?? undefined })}
        />
        {field('siteOpen', 'Open date', { type: 'date', mode: 'non-empty', validate: dateRule })}
        {field('siteClose', 'Close date (empty while open)', { type: 'date', validate: dateRule })}
        <Switch
          mt="md"
          label="Heat plant"
          checked={site.heatPlant}
          disabled={readOnly}
          onChange={(e) => now({ heatPlant: e.currentTarget.checked })}
        />
      </SimpleGrid>
    </SettingsSection>
  );
}

function SiteGroups({ site }: { site: Site }) {
  const membership = useGroupMembership(site.id);
  return (
    <SettingsSection title="Group Memberships">
      <GroupMemberships
        joined={site.joinedGroups}
        available={site.availableGroups}
        mayEdit={site.mayEdit}
        busy={membership.isPending}
        emptyText="This site belongs to no site group."
        joinLabel="Join a site group"
        onChange={(groupId, join) =>
          membership.mutate({ groupId, join }, { onError: (e) => showErrorBanner(errorMessage(e)) })
        }
      />
    </SettingsSection>
  );
}

function SiteIndicators({ site }: { site: Site }) {
  const setIndicator = useSetIndicator(site.id);
  return (
    <SettingsSection title="Site Indicators">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {site.indicators.map((i) => (
          <InlineField
            key={i.indicatorId}
            label={`${i.description} (${i.unit})`}
            name="value"
            mode="number"
            value={i.value === null ? null : String(i.value)}
            readOnly={!site.mayEdit}
            onSave={(value) => setIndicator.mutateAsync({ indicatorId: i.indicatorId, value })}
          />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}

/** /sites/{id}/settings: Site Detail, Group Memberships and Site Indicators, each field saving itself. */
export function SiteSettings({ site }: { site: Site }) {
  return (
    <Stack gap="md">
      <SiteDetail site={site} />
      <SiteGroups site={site} />
      <SiteIndicators site={site} />
    </Stack>
  );
}
