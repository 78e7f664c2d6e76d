import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { ENTITY_TYPE_LABELS, ENTITY_TYPES, type EntityType } from '@verdant/contracts/entities';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useState } from 'react';
import { ListFilters, useListFilters, useListSort } from '../../../components/list-filters';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { PagedListBody } from '../../../components/paged-list-body';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { type EntityFilters, useEntitiesList } from '../api';
import { EntitiesTable } from '../components/entities-table';
import { NewEntityWizard } from '../components/new-entity-wizard';

const TYPE_OPTIONS = ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_TYPE_LABELS[t] }));

/** /organisation/entities: buildings, heat plants, pumps and wastewater plants; `?show=new` opens the wizard. */
export function EntitiesPage() {
  useDocumentTitle('Entities');
  const [showNew, setShowNew] = useShowNew();
  const f = useListFilters();
  const [q] = useDebouncedValue(f.text.trim(), DEBOUNCE_MS);
  const { includeClosed, hideOpen } = f;
  const [types, setTypes] = useState<EntityType[]>([]);
  const { sort, dir, onSort } = useListSort<EntityFilters['sort']>('name');
  const list = useEntitiesList({ q, includeClosed, hideOpen, types, sort, dir });

  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.entities);
  const total = pages.at(-1)?.total ?? 0;
  const mayEdit = pages[0]?.mayEdit === true;
  const newOpened = showNew && mayEdit;

  return (
    <>
      <PageHeader
        title="Entities"
        description="Buildings, heat plants, pumps and wastewater plants at the sites."
      />
      {mayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setShowNew(true)}>
            New Entity
          </Button>
        </PageActions>
      )}
      <Stack gap="md">
        <Group align="flex-end" gap="md">
          <ListFilters
            filters={f}
            choices={[
              {
                label: 'Type',
                any: 'Any type',
                data: TYPE_OPTIONS,
                value: types,
                onChange: (v) => setTypes(v as EntityType[]),
                width: 280,
              },
            ]}
          />
          {list.isSuccess && (
            <Text fz="sm" c="dimmed" role="status" ml="auto">
              {`Showing ${rows.length} of ${total}`}
            </Text>
          )}
        </Group>
        <PagedListBody list={list} rowCount={rows.length} loadingLabel="Loading entities">
          <EntitiesTable entities={rows} sort={sort} dir={dir} onSort={onSort} />
        </PagedListBody>
        <Text fz="xs" c="dimmed">
          Consumption appears once data sources are distributed to entities.
        </Text>
      </Stack>
      <NewEntityWizard opened={newOpened} onClose={() => setShowNew(false)} />
    </>
  );
}
