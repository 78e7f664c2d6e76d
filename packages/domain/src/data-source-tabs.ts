/**
 * The data source page's tabs (data-portal.md 2.2) and which of them a meter shows. Pure, so the web page
 * and the tests share one rule.
 */
export const DATA_SOURCE_TABS = [
  { key: 'overview', label: 'Overview', path: '' },
  { key: 'settings', label: 'Details', path: 'settings' },
  { key: 'configuration', label: 'Distribution', path: 'configuration' },
  { key: 'notes', label: 'Notes', path: 'notes' },
  { key: 'files', label: 'Files', path: 'files' },
  { key: 'invoices', label: 'Invoices', path: 'invoices' },
  { key: 'consumption', label: 'Consumption', path: 'consumption' },
  { key: 'transactions', label: 'Transactions', path: 'transactions' },
  { key: 'half-hour', label: 'HH Data', path: 'half-hour' },
  { key: 'history', label: 'History', path: 'history' },
] as const;

export type DataSourceTab = (typeof DATA_SOURCE_TABS)[number]['key'];

export interface TabMeter {
  /** metlvlId: 1 supply (retail), 2 check meter. */
  level: number;
  /** meterType 1-9. */
  meterType: number;
  inheritSubmeter: boolean;
}

/** Whether a meter shows a tab; `history` is for organisation administrators only. */
export function showsDataSourceTab(tab: DataSourceTab, meter: TabMeter, administrator: boolean): boolean {
  const { level, meterType: type } = meter;
  switch (tab) {
    case 'invoices':
      return !(level === 2 || type === 7 || type === 8 || type === 9 || meter.inheritSubmeter);
    case 'consumption':
      return type === 8 || (level === 2 && type !== 6);
    case 'transactions':
      return type === 7 || type === 9;
    case 'half-hour':
      return type === 1 || type === 5 || type === 6;
    case 'history':
      return administrator;
    default:
      return true;
  }
}

/** The tabs a meter shows, in the page's order. */
export function dataSourceTabs(meter: TabMeter, administrator: boolean) {
  return DATA_SOURCE_TABS.filter((t) => showsDataSourceTab(t.key, meter, administrator));
}

/** The tab a path suffix names (`''` is the Overview), or null for an unknown one. */
export function dataSourceTabOf(suffix: string | undefined): DataSourceTab | null {
  return DATA_SOURCE_TABS.find((t) => t.path === (suffix ?? ''))?.key ?? null;
}
