import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DATA_LIBRARY_FIRST_YEAR } from '@verdant/domain/constants';
import { MONTH_NAMES } from '@verdant/domain/month-labels';
import type { FormEvent } from 'react';
import type { LibraryForm } from '../api';

/** Years from this one back to 2000, then Any (data-portal.md 9). */
function yearOptions() {
  const years: { value: string; label: string }[] = [];
  for (let y = new Date().getFullYear(); y >= DATA_LIBRARY_FIRST_YEAR; y--)
    years.push({ value: String(y), label: String(y) });
  return [...years, { value: '', label: 'Any' }];
}

/**
 * The five filters of a Data Library search. An organisation's administrator searches only their own
 * organisation (shown, not changeable); a product administrator may choose any or leave it open.
 */
export function LibraryFilters({
  form,
  onChange,
  onSearch,
  retailers,
  organisations,
  fixedOrganisation,
  error,
}: {
  form: LibraryForm;
  onChange: (next: LibraryForm) => void;
  onSearch: () => void;
  retailers: { value: string; label: string }[];
  organisations: { value: string; label: string }[];
  fixedOrganisation: boolean;
  error: string | null;
}) {
  const set = (key: keyof LibraryForm) => (value: string | null) => onChange({ ...form, [key]: value ?? '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form onSubmit={submit} aria-label="Search the Data Library">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <Select
          label="Retailer"
          data={[{ value: '', label: 'Any' }, ...retailers]}
          value={form.retailer}
          onChange={set('retailer')}
          searchable
          allowDeselect={false}
        />
        <Select
          label="Organisation"
          data={fixedOrganisation ? organisations : [{ value: '', label: 'Any' }, ...organisations]}
          value={form.org}
          onChange={set('org')}
          disabled={fixedOrganisation}
          searchable
          allowDeselect={false}
        />
        <Select
          label="Year"
          data={yearOptions()}
          value={form.year}
          onChange={set('year')}
          allowDeselect={false}
        />
        <Select
          label="Month"
          data={[
            ...MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name })),
            { value: '', label: 'Whole Year' },
          ]}
          value={form.month}
          onChange={set('month')}
          allowDeselect={false}
        />
        <TextInput
          label="Account number"
          placeholder="Any"
          value={form.account}
          maxLength={100}
          onChange={(e) => set('account')(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group mt="md" gap="md" align="center">
        <Button type="submit" leftSection={<IconSearch size={16} />}>
          Search
        </Button>
        {error && (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        )}
      </Group>
    </form>
  );
}
