import { Loader } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { DATA_SOURCE_TABS, type DataSourceTab } from '@verdant/domain/data-source-tabs';
import { type ComponentType, lazy, Suspense } from 'react';
import { NotBuiltTab } from './components/not-built-tab';
import type { TabProps } from './tab-props';

/**
 * THE place where the data source page's tabs find their content (the tabs themselves, their paths and
 * which ones a meter shows are in packages/domain/src/data-source-tabs.ts). Each tab is a component taking
 * the meter; lazy ones load when their tab opens. Notes, Distribution and Files plug in here from their
 * own folders (notes/, distribution/, files/); the HH Data tab is the half-hour feature's.
 */

const Overview = lazy(async () => ({
  default: (await import('./components/data-source-overview')).DataSourceOverview,
}));
const Distribution = lazy(async () => ({
  default: (await import('./distribution/distribution-tab')).DistributionTab,
}));
const Notes = lazy(async () => ({
  default: (await import('./notes/notes-tab')).NotesTab,
}));
const Files = lazy(async () => ({
  default: (await import('./files/files-tab')).FilesTab,
}));
const Invoices = lazy(async () => ({
  default: (await import('../invoices/invoices-tab')).InvoicesTab,
}));
const Consumption = lazy(async () => ({
  default: (await import('./consumption/consumption-tab')).ConsumptionTab,
}));
const Transactions = lazy(async () => ({
  default: (await import('./transactions/transactions-tab')).TransactionsTab,
}));
const HalfHour = lazy(async () => ({
  default: (await import('../half-hour/half-hour-tab')).HalfHourTab,
}));
const Settings = lazy(async () => ({
  default: (await import('./settings/data-source-settings')).DataSourceSettings,
}));
const History = lazy(async () => ({
  default: (await import('./components/data-source-history')).DataSourceHistory,
}));

/** null would show the 'not built yet' notice (every tab is built now). */
export const TAB_CONTENT: Record<DataSourceTab, ComponentType<TabProps> | null> = {
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
  if (!Content) return <NotBuiltTab title={DATA_SOURCE_TABS.find((t) => t.key === tab)?.label ?? tab} />;
  return (
    <Suspense fallback={<Loader aria-label="Loading" />}>
      <Content meter={meter} />
    </Suspense>
  );
}
