import { Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { ENTITY_TYPE_LABELS, ENTITY_TYPES, type EntityType } from '@verdant/contracts/entities';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useState } from 'react';
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
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const [includeClosed, setIncludeClosed] = useState(false);
  const [hideOpen, setHideOpen] = useState(false);
  const [types, setTypes] = useState<EntityType[]>([]);
  const [sort, setSort] = useState<EntityFilters['sort']>('name');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const list = useEntitiesList({ q, includeClosed, hideOpen, types, sort, dir });

  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.entities);
  const total = pages.at(-1)?.total ?? 0;
  const mayEdit = pages[0]?.mayEdit === true;
  const newOpened = showNew && mayEdit;

  const onSort = (key: EntityFilters['sort']) => {
    if (key === sort) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(key);
      setDir('asc');
    }
  };

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
          <TextInput
            label="Filter by name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={260}
          />
          <MultiSelect
            label="Type"
            placeholder={types.length ? undefined : 'Any type'}
            data={TYPE_OPTIONS}
            value={types}
            onChange={(v) => setTypes(v as EntityType[])}
            clearable
            w={280}
          />
          <Stack gap={6} pb={4}>
            <Checkbox
              label="Include closed"
              checked={includeClosed}
              onChange={(e) => setIncludeClosed(e.currentTarget.checked)}
            />
            <Checkbox
              label="Hide open"
              checked={hideOpen}
              onChange={(e) => setHideOpen(e.currentTarget.checked)}
            />
          </Stack>
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
