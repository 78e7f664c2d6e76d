import { Group, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { DataSourceList } from '@verdant/contracts/data-sources/list';
import type { DataSourceFilters } from '../api';

type Options = DataSourceList['options'];
/**
 * A filter's width: two a row on a phone (eight filters one under another pushed the list a screen down), the
 * field's own width from the xs breakpoint up.
 */
const onPhoneHalf = (width: number) => ({ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: width });

const toData = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));

interface FiltersProps {
  text: string;
  onText: (v: string) => void;
  options: Options | undefined;
  type: string[];
  onType: (v: string[]) => void;
  measuring: string[];
  onMeasuring: (v: string[]) => void;
  retailer: string[];
  onRetailer: (v: string[]) => void;
  memberOf: string;
  onMemberOf: (v: string) => void;
  member: string[];
  onMember: (v: string[]) => void;
  months: { value: string; label: string }[];
  month: string;
  onMonth: (v: string) => void;
  measure: DataSourceFilters['measure'];
  onMeasure: (v: DataSourceFilters['measure']) => void;
  audit: boolean;
}

/** Filters of the data sources list: name or account, type, measuring, retailer, membership; month and measure. */
export function DataSourceFiltersBar(p: FiltersProps) {
  const any = (list: string[], text: string) => (list.length ? undefined : text);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Name or account"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={p.text}
        onChange={(e) => p.onText(e.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
      <MultiSelect
        label="Type"
        placeholder={any(p.type, 'Any type')}
        data={toData(p.options?.types)}
        value={p.type}
        onChange={p.onType}
        clearable
        w={onPhoneHalf(200)}
      />
      <MultiSelect
        label="Measuring"
        placeholder={any(p.measuring, 'Anything')}
        data={toData(p.options?.measuring)}
        value={p.measuring}
        onChange={p.onMeasuring}
        clearable
        searchable
        w={onPhoneHalf(200)}
      />
      <MultiSelect
        label="Retailer"
        placeholder={any(p.retailer, 'Any retailer')}
        data={toData(p.options?.retailers)}
        value={p.retailer}
        onChange={p.onRetailer}
        clearable
        searchable
        w={onPhoneHalf(180)}
      />
      <Select
        label="Member Of"
        data={[{ value: 'site', label: 'Site' }, ...toData(p.options?.groupings)]}
        value={p.memberOf}
        onChange={(v) => v && p.onMemberOf(v)}
        allowDeselect={false}
        w={onPhoneHalf(160)}
      />
      <MultiSelect
        label="Membership"
        placeholder={any(p.member, p.memberOf === 'site' ? 'Any site' : 'Any group')}
        data={toData(p.options?.members)}
        value={p.member}
        onChange={p.onMember}
        clearable
        searchable
        w={onPhoneHalf(200)}
      />
      {!p.audit && (
        <>
          <Select
            label="Month"
            data={p.months}
            value={p.month}
            onChange={(v) => v && p.onMonth(v)}
            allowDeselect={false}
            w={onPhoneHalf(160)}
          />
          <SegmentedControl
            aria-label="Figure"
            value={p.measure}
            onChange={(v) => p.onMeasure(v as DataSourceFilters['measure'])}
            data={[
              { value: 'cons', label: 'Usage' },
              { value: 'cost', label: 'Expenditure' },
              { value: 'co2', label: 'Emissions' },
            ]}
          />
        </>
      )}
    </Group>
  );
}
