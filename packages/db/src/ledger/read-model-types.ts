/** What the read model (./read-model.ts) is asked and answers. */

/**
 * `reporting`: the data type's energy reporting group; `kind`: its type (1 Energy Consumption, 2 Record Only,
 * ...); `unit`: its standard unit (the reporting groups' consumption).
 */
export type FactKey = 'month' | 'meter' | 'site' | 'entity' | 'reporting' | 'kind' | 'unit' | 'activity';

/**
 * The `valid_from` of a distribution that applies from a meter's first month on (no earlier month exists in
 * the ledger).
 */
export const DISTRIBUTION_FROM_START = '1900-01-01';

export interface FactQuery {
  organisationId: number;
  /**
   * The group keys, in order: output columns `month`, `meter_id`, `site_id`, `entity_id`. Grouping by entity
   * sums each meter's facts times its share of consumption in force in that month (docs/domain.md,
   * Aggregation).
   */
  by: FactKey[];
  /** 'yyyy-MM-01', inclusive. */
  from: string;
  till: string;
  /** The caller's visible meters; null: all of the organisation's. */
  visible: number[] | null;
  /** Only these sites' meters. */
  siteIds?: number[];
  /** Only these months of the range ('yyyy-MM-01'): a comparison of two months reads those two only. */
  months?: string[];
  /**
   * Each measure once per month of `months`, named `<measure>_<index>` (without a `month` key): the SQL of a
   * comparison of two months, summed in one level (./read-model-measures.ts).
   */
  perMonth?: boolean;
  /** Only the shares of these entities (with the `entity` key). */
  entityIds?: number[];
  /** Only facts of these data types (the graph builder's quantity of one data type). */
  energyIds?: number[];
  /** Only facts of data types in this standard unit ('m3', 'kWh'). */
  stdUnit?: string;
  /**
   * True (the default): totals, each measure over the meters that count in it. False: one meter's own
   * figures (a check meter's, say), every meter and every data type.
   */
  totals?: boolean;
  /**
   * 'restated' (the default): the facts as they stand. 'original': emissions as they stood before the
   * restatements that replaced them, as originally reported (./read-model-basis.ts).
   */
  basis?: FactBasis;
  /**
   * Only these measures (default: every one): a caller comparing two months names the two it reads, and the
   * statement sums two aggregates instead of thirty. The answer's other measures are then absent.
   */
  measures?: readonly FactMeasure[];
}

export type FactBasis = 'restated' | 'original';

/** An edition of emission factors behind a figure; id null: factors entered by hand, named by their set. */
export interface FactEdition {
  id: number | null;
  name: string;
}

/** The sums of one group: every measure, and whether each is incomplete. */
export type FactSums = {
  month?: string;
  meter_id?: number;
  site_id?: number;
  entity_id?: number;
  reporting_group_id?: number | null;
  type_id?: number | null;
  std_unit?: string | null;
  /** The data type (activity) of the facts. */
  activity_id?: number | null;
  /** kWh of energy data types (in totals), or the meter's own quantity in its standard unit. */
  cons: number;
  cost: number;
  /** Scope 1 + scope 2 location-based + scope 3, kg CO2e. */
  co2e: number;
  scope1: number;
  scope2: number;
  scope2_market: number;
  scope3: number;
  /** Standard quantities of every data type (site export's units). */
  units: number;
  /** Facts in the group (meters x months). */
  facts: number;
  /** Days open and days with consumption, summed over the group's facts (the export's validation columns). */
  days_open: number;
  days_covered: number;
  cons_incomplete: boolean;
  cost_incomplete: boolean;
  co2e_incomplete: boolean;
  /** `units`' completeness: days covered below days open on a fact counted in it. */
  units_incomplete: boolean;
  /** A counted fact of the measure was built from an estimated read (monthly_facts.estimated). */
  cons_estimated: boolean;
  cost_estimated: boolean;
  co2e_estimated: boolean;
  /** Emissions: the days open and the days with a factor, summed over the facts counted. */
  co2e_days_open: number;
  co2e_days_factored: number;
  /** The kWh behind scope2_market by the factor each took (certificates, supplier, residual mix, grid). */
  market_certificate_kwh: number;
  market_supplier_kwh: number;
  market_residual_kwh: number;
  market_grid_kwh: number;
  /** Each measure's days open and days with data, over the facts counted in it (a report's completeness). */
  cons_days_open: number;
  cons_days_covered: number;
  cost_days_open: number;
  cost_days_costed: number;
  /** The part of each measure from facts built on an estimated input (a report's share of estimates). */
  cons_from_estimates: number;
  cost_from_estimates: number;
  co2e_from_estimates: number;
};

/** The measures of FactSums (its group keys left out). */
export type FactMeasure = Exclude<
  keyof FactSums,
  | 'month'
  | 'meter_id'
  | 'site_id'
  | 'entity_id'
  | 'reporting_group_id'
  | 'type_id'
  | 'std_unit'
  | 'activity_id'
>;

/** The group keys' columns of FactSums. */
export type FactGroupColumn = Exclude<keyof FactSums, FactMeasure>;

/**
 * The sums of one group with only the measures `M` a query named (`FactQuery.measures`): a caller that names some
 * cannot read another, which the statement did not sum.
 */
export type FactSumsOf<M extends FactMeasure> = Pick<FactSums, FactGroupColumn | M>;
