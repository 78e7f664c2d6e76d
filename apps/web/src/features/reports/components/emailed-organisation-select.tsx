import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { currentUserOperations } from '@verdant/contracts/current-user';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useMemo, useState } from 'react';
import { useOperation } from '../../../lib/operations';

/**
 * A product administrator's choice of whose emailed reports /emailed-reports lists (docs/decisions/reports.md,
 * Editing another organisation's emailed reports): any organisation, searched by name, without switching the
 * session's. The session's organisation comes first.
 */
export function EmailedOrganisationSelect({
  value,
  sessionOrganisation,
  onChange,
}: {
  value: number | null;
  sessionOrganisation: { id: number; name: string } | null;
  onChange: (id: number | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, DEBOUNCE_MS);
  const found = useOperation(
    currentUserOperations.availableOrgs,
    { query: { q } },
    { placeholderData: keepPreviousData },
  );
  // The chosen one stays an option while the search shows others, so its name stays in the box.
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(sessionOrganisation);
  const data = useMemo(() => {
    const all = [
      ...(chosen ? [chosen] : []),
      ...(sessionOrganisation ? [sessionOrganisation] : []),
      ...(found.data?.recent ?? []),
      ...(found.data?.results ?? []),
    ];
    const seen = new Set<number>();
    return all
      .filter((o) => !seen.has(o.id) && seen.add(o.id))
      .map((o) => ({
        value: String(o.id),
        label: o.id === sessionOrganisation?.id ? `${o.name} (current)` : o.name,
      }));
  }, [chosen, sessionOrganisation, found.data]);

  return (
    <Select
      label="Organisation"
      description="Product administrators: any organisation's emailed reports"
      placeholder="Search organisations"
      searchable
      filter={({ options }) => options}
      data={data}
      value={value === null ? null : String(value)}
      searchValue={typed}
      onSearchChange={setTyped}
      onChange={(id, option) => {
        const picked =
          id === null || !option ? null : { id: Number(id), name: option.label.replace(/ \(current\)$/, '') };
        setChosen(picked);
        onChange(picked?.id ?? null);
      }}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No organisation found'}
      w={300}
    />
  );
}
