import { Loader } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import type { DataSourceTab } from '@verdant/domain/data-source-tabs';
import { type ComponentType, lazy, Suspense } from 'react';
import type { TabProps } from '../features/data-sources/tab-props';

/**
 * THE place where the data source page's tabs find their content (the tabs themselves, their paths and which
 * ones a meter shows are in packages/domain/src/data-source-tabs.ts). It sits in the app because the tabs come
 * from three features (data-sources, invoices, half-hour), none of which imports another's files. Each tab is
 * a component taking the meter; lazy ones load when their tab opens.
 */

const Overview = lazy(async () => ({
  default: (await import('../features/data-sources/components/data-source-overview')).DataSourceOverview,
}));
const Distribution = lazy(async () => ({
  default: (await import('../features/data-sources/distribution/distribution-tab')).DistributionTab,
}));
const Notes = lazy(async () => ({
  default: (await import('../features/data-sources/notes/notes-tab')).NotesTab,
}));
const Files = lazy(async () => ({
  default: (await import('../features/data-sources/files/files-tab')).FilesTab,
}));
const Invoices = lazy(async () => ({
  default: (await import('../features/invoices/invoices-tab')).InvoicesTab,
}));
const Consumption = lazy(async () => ({
  default: (await import('../features/data-sources/consumption/consumption-tab')).ConsumptionTab,
}));
const Transactions = lazy(async () => ({
  default: (await import('../features/data-sources/transactions/transactions-tab')).TransactionsTab,
}));
const HalfHour = lazy(async () => ({
  default: (await import('../features/half-hour/half-hour-tab')).HalfHourTab,
}));
const Settings = lazy(async () => ({
  default: (await import('../features/data-sources/settings/data-source-settings')).DataSourceSettings,
}));
const History = lazy(async () => ({
  default: (await import('../features/data-sources/components/data-source-history')).DataSourceHistory,
}));

export const TAB_CONTENT: Record<DataSourceTab, ComponentType<TabProps>> = {
  overview: Overview,
  settings: Settings,
  configuration: Distribution,
  notes: Notes,
  files: Files,
  invoices: Invoices,
  consumption: Consumption,
  transactions: Transactions,
  'half-hour': HalfHour,
  history: History,
};

export function TabContent({ tab, meter }: { tab: DataSourceTab; meter: MeterDetail }) {
  const Content = TAB_CONTENT[tab];
  return (
    <Suspense fallback={<Loader aria-label="Loading" />}>
      <Content meter={meter} />
    </Suspense>
  );
}
