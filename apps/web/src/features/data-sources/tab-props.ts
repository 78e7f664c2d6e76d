import type { MeterDetail } from '@verdant/contracts/data-sources/meters';

/** What each tab of the data source page receives (app/data-source-tabs.tsx places them). */
export interface TabProps {
  meter: MeterDetail;
}
