/** The rows the ledger's loading statements answer (./queries.ts), as PostgreSQL sends them. */

export type LedgerMeterRow = {
  id: number;
  organisation_id: number;
  meter_type: number;
  metlvl_id: number;
  energy_id: number | null;
  meter_open: string | null;
  meter_close: string | null;
  reporting: number;
  reporting_source: string;
  situation: string;
  retailer_id: number | null;
  time_zone: string;
};

export type InvoiceRow = {
  id: number;
  invoice_date: string | null;
  date_from: string;
  date_till: string;
  kind: 'normal' | 'reversal' | 'replacement' | 'decommission';
  carries_consumption: boolean;
  estimated: boolean;
  cost: string;
  reverses: number[];
};
export type InvoiceMeterRow = {
  invoice_id: number;
  meter_id: number;
  multiplier: string;
  sharing: string | null;
  consumption: string;
  conversion: string;
};
export type Period = {
  meter_id: number;
  date_from: string;
  date_till: string;
  quantity: string;
  conversion: string;
  estimated: boolean;
};
export type Dated = {
  meter_id: number;
  date: string;
  quantity: string;
  cost: string | null;
  conversion: string;
  flagged: boolean;
};
export type RegisterDayRow = {
  meter_id: number;
  date: string;
  direction: 'import' | 'export';
  quantity: 'kWh' | 'kVArh';
  total: number;
  /** Any half hour of the day estimated or substituted (half_hour_days.estimated_readings). */
  estimated: boolean;
};

export type FactorRow = {
  data_type_id: number;
  source_id: number;
  scope: 1 | 2 | 3;
  scope2_basis: 'location' | 'residual-mix' | null;
  rate: string;
  start_date: string;
  end_date: string | null;
  version_id: number | null;
  /** The edition the factor belongs to; null for one entered by hand or of an organisation's own set. */
  edition_id: number | null;
};

export type EditionRow = {
  id: number;
  source_id: number;
  publisher: string;
  status: 'draft' | 'published' | 'superseded' | 'withdrawn';
  published: string | null;
  current_from: string | null;
  current_till: string | null;
};

/** An organisation's edition policy and pins (none: effective-dated), with its reporting year end. */
export type PolicyRow = {
  organisation_id: number;
  mode: 'effective' | 'pinned';
  switch_date: string | null;
  year_end: number;
  pins: { reportingYear: number; editionId: number }[];
};

export type ComponentRow = {
  composite_id: number;
  component_id: number;
  percentage: string;
  conversion: string;
};
/** A contractual instrument that applies to one of the meters (by meter, or by its retailer). */
export type InstrumentRow = {
  meter_id: number;
  kind: 'certificates' | 'supplier-factor';
  date_from: string;
  date_till: string;
  mwh: string | null;
  rate: string;
};
export type ChosenSource = { organisation_id: number; effective_from: string; source_id: number };
