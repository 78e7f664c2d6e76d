import type { Db } from '@verdant/db/client';
import type { DateRange } from '@verdant/domain/reports/periods';
import type { Level, Output, PeriodType } from '@verdant/domain/reports/report-types';
import type { OrganisationContext } from '../../lib/organisation-context';
import type { AssetMeter } from './report-assets.queries';
import type { ReportDocument } from './report-document';

/**
 * One report of the catalogue (docs/decisions/reports.md, Adding a report): what the Reports page lists
 * (data-portal.md 3, Report: id, name, type, output, target, tags, length, additional settings), and how its
 * document is built. A report is one module under `definitions/`, listed in `report-catalogue.ts`.
 */

/** An additional setting of the Create Report modal (data-portal.md 3: name, className, hint, defaultValue). */
export interface SettingDefinition {
  name: string;
  label: string;
  /** select: one of `options` (or of the options `contents` names); number; boolean; text. */
  className: 'select' | 'number' | 'boolean' | 'text';
  hint: string;
  defaultValue: string | number | boolean | null;
  options?: { value: string; label: string }[];
  /** The setting's options come from `GET .../setting-options/{contents}` (groupings, targets, ...). */
  contents?: SettingContents;
  min?: number;
  max?: number;
}
export const SETTING_CONTENTS = ['groupings', 'targets', 'retailers', 'indicators'] as const;
export type SettingContents = (typeof SETTING_CONTENTS)[number];

export type SettingValues = Record<string, string | number | boolean | null>;

/** The asset a report runs for, resolved and checked: its meters are those the caller may see. */
export interface ReportAsset {
  type: Level;
  id: number | null;
  name: string;
  /** The meters the report adds up: the asset's that the caller may see (null: every meter, no narrowing). */
  meterIds: number[] | null;
  /** The asset's sites (a site, a site group's members), when it has any. */
  siteIds: number[] | null;
}

export interface ReportContext {
  db: Db;
  org: OrganisationContext;
  organisationName: string;
  asset: ReportAsset;
  /** The asset's live meters the caller may see, with their data types and dates. */
  meters: AssetMeter[];
  /** Every meter of the organisation the caller may see (null: all): for comparisons beyond the asset. */
  visible: number[] | null;
  period: DateRange | null;
  settings: SettingValues;
  output: Output;
  /** Reports progress of long reports (the jobs centre's bar). */
  progress: (done: number, total: number) => void;
}

export interface ReportDefinition {
  /** Stable: favourites and emailed reports name it. */
  id: number;
  name: string;
  description: string;
  type: PeriodType;
  /** Months, for a FixedLength report. */
  length?: number;
  outputs: Output[];
  levels: Level[];
  tags: string[];
  settings: SettingDefinition[];
  /** What may be done with it (data-portal.md 4: limited by the report's restrictions); all by default. */
  restrictions?: { favourite?: boolean; email?: boolean; schedule?: boolean };
  /**
   * How many rows its work reads, roughly, to tell a run that answers at once from one for the jobs centre
   * (docs/decisions/reports.md, Slow reports run as jobs); by default the meters times the months.
   */
  estimate?(
    ctx: Pick<ReportContext, 'db' | 'org' | 'meters' | 'period' | 'settings'> & { meterIds: number[] | null },
  ): Promise<number>;
  /** The document: every figure through the read model, the provenance gathered beside it. */
  build(ctx: ReportContext): Promise<ReportDocument>;
}
