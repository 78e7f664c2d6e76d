/** Business constants and limits from section 9 of both specifications. One place, no scattered literals. */
export const SESSION_MINUTES = 230;
export const SESSION_WARNING_MINUTES = 5;
export const REQUEST_TIMEOUT_MS = 20_000;
export const SEARCH_MIN_CHARS = 3;
export const DEBOUNCE_MS = 500;
export const POLL_MS = 2_000;
export const ITEM_DESCRIPTION_MAX = 75;
export const AUGMENT_NAME_MAX = 50;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_EMAIL_MIN_LENGTH = 5;
export const LIST_PAGE_SIZE = 100;
export const RECENT_ORGANISATIONS = 10;
export const DEFAULT_FINANCIAL_REPORTING_ID = 2;
export const DEFAULT_REPORTING_YEAR_END = 12;
export const REPORTING_YEAR_ENDS = [12, 3, 6] as const;
export const UNIT_SCALING_THRESHOLD = 10_000;
export const CHART_BARS_MAX = 10;
/** Graph builder limits (data-portal.md 9: pie minimum slice 1%; default years previous and current). */
export const PIE_MIN_SLICE = 0.01;
/** Series one graph-data request may ask for; a split of a large organisation must be narrowed first. */
export const GRAPH_SERIES_MAX = 100;
/** Years one graph may show. */
export const GRAPH_YEARS_MAX = 10;
/** The earliest year a graph may show. */
export const GRAPH_MIN_YEAR = 2000;
/** Days a day-by-day time series may cover (about three years of half-hour data). */
export const GRAPH_DAYS_MAX = 1200;
/** A time series starts this many years before the current one; a yearly chart shows this year and the last. */
export const GRAPH_TIMESERIES_YEARS_BACK = 2;
/** Longest favourite graph name, and longest encoded graph definition stored with it. */
export const FAVOURITE_NAME_MAX = 100;
export const GRAPH_DEFINITION_MAX = 20_000;
export const TARGET_BASELINE_MIN_YEAR = 2000;
/** A target's monthly profile is normalised to this total (core-portal.md 9). */
export const TARGET_PROFILE_TOTAL = 100;
export const DELETED_DATA_KEPT_MONTHS = 3;
export const BANNER_ERROR_MS = 10_000;
export const BANNER_INFO_MS = 2_500;
export const MODAL_WIDTH_PERCENT = 80;
export const MODAL_HEIGHT_PX = 600;
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** How long the link that confirms a change of email (mailed to the old address) stays valid. */
export const EMAIL_CHANGE_VALID_HOURS = 24;
export const DATE_FORMAT_DISPLAY = 'DD/MM/YYYY';
export const DATE_FORMAT_STORED = 'YYYY-MM-DD';
export const FILES_GALLERY_COLUMNS = 5;
/** Largest file an upload may carry. */
export const FILE_MAX_MB = 20;
/** Extensions the gallery shows as thumbnails (pdf as an icon). */
export const FILE_THUMBNAIL_TYPES = ['png', 'bmp', 'jpg', 'jpeg', 'gif', 'pdf'] as const;
/** Extensions that may be a default image or a logo. */
export const IMAGE_TYPES = ['png', 'bmp', 'jpg', 'jpeg', 'gif'] as const;
/** Extensions an upload may have: images, pdf and common office and data files. */
export const FILE_UPLOAD_TYPES = [
  ...FILE_THUMBNAIL_TYPES,
  'csv',
  'txt',
  'xlsx',
  'xls',
  'docx',
  'doc',
] as const;
/** Largest file a data load takes: a year of 30-minute NEM12 data for 500 meters is about 65 MB. */
export const IMPORT_MAX_MB = 100;
/** Load jobs the /loading page lists, newest first. */
export const LOADING_JOBS_LIMIT = 100;
/** How often the /loading page and the upload dialog ask for a running load's status. */
export const LOADING_POLL_MS = 2000;
/** How long a direct file link (an <img src> without the bearer header) stays valid. */
export const FILE_LINK_MINUTES = 60;

/** Organisation access levels: a lower number means more rights. */
export const ACCESS = {
  primaryContact: 2,
  generalUser: 3,
  observer: 4,
  barred: -1,
  none: -2,
} as const;

export const ACCESS_LABELS: Record<number, string> = {
  2: 'Primary Contact',
  3: 'General User',
  4: 'Observer',
  [-1]: 'Barred',
  [-2]: 'None',
};

export const USER_STATUS = { active: 1, blocked: 2 } as const;
export const ORGANISATION_STATUS = { enabled: 1, disabled: 3 } as const;
/** conttypeId 1 marks an administrator / primary contact. */
export const CONTTYPE_ADMINISTRATOR = 1;

// Data sources (data-portal spec section 9).
/** An ICP as typed: 12 characters, a hyphen, 3 check characters. */
export const ICP_LENGTH = 16;
export const METER_NAME_MIN = 3;
export const METER_NAME_SUGGESTION_MAX = 70;

/** The data source location map (data-portal.md 9): opens at about -40, 174.5, zoom 5; 13 when located. */
export const METER_MAP = { centre: [-40, 174.5] as [number, number], zoom: 5, locatedZoom: 13 };

// Consumption, transactions and half-hour data (data-portal.md 5 and 9).
/** Reference/Notes of a transaction, at most (data-portal 5). */
export const TRANSACTION_NOTE_MAX = 50;
/** Half hours in a standard-time day, and how many peaks the half-hour page lists (data-portal 9). */
export const HALF_HOURS_PER_DAY = 48;
export const HALF_HOUR_TOP_PEAKS = 5;
/** The power factor chart's ticks (data-portal 9). */
export const POWER_FACTOR_TICKS = [0.9, 1] as const;

// Invoices (data-portal spec sections 2.4, 6 and 9; core-portal spec 9).
/** Add Sundry shows only for a non-editable invoice of these retailers. */
export const SUNDRY_HELPER_RETAILER_IDS: readonly number[] = [12, 13];
/** The sundry helper's charge type (line item stereotype) and the GST it assumes. */
export const SUNDRY_HELPER_TYPE_ID = 30;
export const SUNDRY_HELPER_GST_PERCENT = 15;
/** The Invoice Entry Report: years from this one on; a data source or day below this share of days is sparse. */
export const INVOICE_REPORT_MIN_YEAR = 1990;
export const INVOICE_REPORT_SPARSE_PERCENT = 20;

// The Data Library, public datasets and the complimentary report (data-portal.md 9).
/** The Data Library's years run from the current one back to this one (plus Any). */
export const DATA_LIBRARY_FIRST_YEAR = 2000;
/** Of its five filters (retailer, organisation, year, month, account number) a search needs this many. */
export const DATA_LIBRARY_MIN_FILTERS = 3;
/** A search lists at most this many files; the answer says when there were more. */
export const DATA_LIBRARY_MAX_FILES = 500;
/** The complimentary report's chart legends name this many series, the rest summed as Others. */
export const COMP_REPORT_LEGEND_TOP = 5;

// Email processing (data-portal spec 4 and 9).
/** A parked email older than each of these many days is urgent, immediate, emergency (file deleted soon). */
export const PARKED_EMAIL_AGE_DAYS = [4, 9, 17] as const;
