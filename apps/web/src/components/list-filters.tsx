import { Checkbox, MultiSelect, Stack, Table, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The filter row and the sortable header row of the organisation's lists (sites, entities, fleet;
 * core-portal.md 2: name text, include closed, hide open, a multi-select of groups, fuels or types).
 */
export interface ListFilterValues {
  text: string;
  includeClosed: boolean;
  hideOpen: boolean;
}

export function useListFilters() {
  const [text, setText] = useState('');
  const [includeClosed, setIncludeClosed] = useState(false);
  const [hideOpen, setHideOpen] = useState(false);
  return { text, setText, includeClosed, setIncludeClosed, hideOpen, setHideOpen };
}

export interface ListChoice {
  label: string;
  /** Placeholder while nothing is chosen: 'Any group'. */
  any: string;
  data: { value: string; label: string }[] | string[];
  value: string[];
  onChange: (value: string[]) => void;
  width?: number;
}

/** 'Filter by name', the choices (groups, fuels, types) and the two closed/open boxes, in that order. */
export function ListFilters({
  filters,
  choices = [],
  nameWidth = 260,
}: {
  filters: ReturnType<typeof useListFilters>;
  choices?: ListChoice[];
  nameWidth?: number;
}) {
  return (
    <>
      <TextInput
        label="Filter by name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.text}
        onChange={(e) => filters.setText(e.currentTarget.value)}
        w={nameWidth}
      />
      {choices.map((choice) => (
        <MultiSelect
          key={choice.label}
          label={choice.label}
          placeholder={choice.value.length ? undefined : choice.any}
          data={choice.data}
          value={choice.value}
          onChange={choice.onChange}
          clearable
          w={choice.width ?? 240}
        />
      ))}
      <Stack gap={6} pb={4}>
        <Checkbox
          label="Include closed"
          checked={filters.includeClosed}
          onChange={(e) => filters.setIncludeClosed(e.currentTarget.checked)}
        />
        <Checkbox
          label="Hide open"
          checked={filters.hideOpen}
          onChange={(e) => filters.setHideOpen(e.currentTarget.checked)}
        />
      </Stack>
    </>
  );
}

/** Sort by a column: a click on the sorted column turns its direction, on another sorts by it (`firstDir`). */
export function useListSort<K extends string>(
  initial: K,
  firstDir: (key: K) => 'asc' | 'desc' = () => 'asc',
) {
  const [sort, setSort] = useState<K>(initial);
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const onSort = (key: K) => {
    if (key === sort) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(key);
      setDir(firstDir(key));
    }
  };
  return { sort, dir, onSort };
}

/** The header row: each column a button that sorts by it, `aria-sort` on the sorted one. */
export function SortHeaderRow<K extends string>({
  columns,
  sort,
  dir,
  onSort,
}: {
  columns: readonly { key: K; label: string; numeric?: boolean /** Shown from 'sm' up. */; wide?: boolean }[];
  sort: K;
  dir: 'asc' | 'desc';
  onSort: (key: K) => void;
}) {
  return (
    <Table.Tr>
      {columns.map((c) => (
        <SortHeaderCell
          key={c.key}
          label={c.label}
          numeric={c.numeric}
          wide={c.wide}
          sorted={sort === c.key ? dir : null}
          onClick={() => onSort(c.key)}
        />
      ))}
    </Table.Tr>
  );
}

/** One sortable column header: the whole cell is the button; `sorted` is its direction when it sorts. */
export function SortHeaderCell({
  label,
  numeric,
  wide,
  sorted,
  onClick,
}: {
  label: string;
  numeric?: boolean | undefined;
  /** Shown from 'sm' up. */
  wide?: boolean | undefined;
  sorted: 'asc' | 'desc' | null;
  onClick: () => void;
}) {
  const Icon = sorted === null ? IconArrowsSort : sorted === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th
      ta={numeric ? 'right' : undefined}
      aria-sort={sorted === null ? 'none' : sorted === 'asc' ? 'ascending' : 'descending'}
      p={0}
      visibleFrom={wide ? 'sm' : undefined}
    >
      <UnstyledButton
        onClick={onClick}
        fw={600}
        fz="sm"
        w="100%"
        ta={numeric ? 'right' : undefined}
        px="sm"
        py="xs"
      >
        {label} <Icon size={14} style={{ verticalAlign: 'middle', opacity: sorted === null ? 0.4 : 1 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
