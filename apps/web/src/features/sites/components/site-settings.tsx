import { Paper, Select, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { isStoredDate, type Site } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { GroupMemberships } from '../../../components/group-memberships';
import { InlineField } from '../../../components/inline-field';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useGroupMembership, useRegions, useSetIndicator, useUpdateSite } from '../api';

const dateRule = (value: string | null) =>
  value === null || isStoredDate(value) ? null : MSG.siteOpenDateFormat;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function SiteDetail({ site }: { site: Site }) {
  const update = useUpdateSite(site.id);
  const regions = useRegions();
  const readOnly = !site.mayEdit;
  const save = (key: keyof Site) => (value: string | null) => update.mutateAsync({ [key]: value });
  const text = (key: 'description' | 'siteAddress1' | 'siteAddress2' | 'siteAddress3', label: string) => (
    <InlineField label={label} name={key} value={site[key]} readOnly={readOnly} onSave={save(key)} />
  );
  return (
    <Section title="Site Detail">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <InlineField
          label="Site name"
          name="name"
          mode="non-empty"
          value={site.name}
          readOnly={readOnly}
          onSave={save('name')}
        />
        {text('description', 'Description')}
        {text('siteAddress1', 'Address line 1')}
        {text('siteAddress2', 'Address line 2')}
        {text('siteAddress3', 'Address line 3')}
        <Select
          label="Region"
          data={(regions.data ?? []).map((r) => ({ value: String(r.Id), label: r.Descr }))}
          value={site.regionId === null ? null : String(site.regionId)}
          readOnly={readOnly}
          allowDeselect={false}
          onChange={(value) =>
            value &&
            update.mutate({ regionId: Number(value) }, { onError: (e) => showErrorBanner(errorMessage(e)) })
          }
        />
        <InlineField
          label="Open date"
          type="date"
          name="siteOpen"
          mode="non-empty"
          value={site.siteOpen}
          readOnly={readOnly}
          validate={dateRule}
          onSave={save('siteOpen')}
        />
        <InlineField
          label="Close date (empty while open)"
          type="date"
          name="siteClose"
          value={site.siteClose}
          readOnly={readOnly}
          validate={dateRule}
          onSave={save('siteClose')}
        />
        <Switch
          mt="md"
          label="Heat plant"
          checked={site.heatPlant}
          disabled={readOnly}
          onChange={(e) =>
            update.mutate(
              { heatPlant: e.currentTarget.checked },
              { onError: (err) => showErrorBanner(errorMessage(err)) },
            )
          }
        />
      </SimpleGrid>
    </Section>
  );
}

function SiteGroups({ site }: { site: Site }) {
  const membership = useGroupMembership(site.id);
  return (
    <Section title="Group Memberships">
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
    </Section>
  );
}

function SiteIndicators({ site }: { site: Site }) {
  const setIndicator = useSetIndicator(site.id);
  return (
    <Section title="Site Indicators">
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
    </Section>
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
