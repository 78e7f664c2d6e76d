/**
 * The help page's topics (/help): what each area of the product does and where it is, the demo accounts and
 * where to ask. The full menu offers each topic too, so typing a word in the menu finds the help that uses it
 * (docs/decisions/web-ui.md, The help page).
 */
export interface HelpTopic {
  /** The topic's anchor on the help page (/help#id). */
  id: string;
  title: string;
  /** Where the area is, when it is a screen. */
  path?: string;
  /** The link's words, when not 'Open' and the title. */
  linkLabel?: string;
  /** One line for the full menu. */
  summary: string;
  /** The topic, a paragraph each. */
  text: readonly string[];
  /** Other words someone might type for it. */
  keywords: readonly string[];
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    path: '/dashboard',
    summary: 'The organisation at a glance: savings, the last 12 months, the biggest movers',
    text: [
      'The dashboard compares last month with the same month a year before: the donut is green when less was used, red otherwise. The bar chart sets each of the last 12 months beside the year before; a hatched bar and an asterisk mark a month whose data is incomplete.',
      'Top Consumption Increase and Decrease list the data sources that changed most last month; each opens its data source. Favourite Reports and Favourite Graphs keep what you marked as favourite.',
    ],
    keywords: ['savings', 'donut', 'movers', 'increase', 'decrease', 'favourites', 'overview'],
  },
  {
    id: 'organisation',
    title: 'Organisation, sites and entities',
    path: '/organisation',
    summary: 'Sites, data sources, fleet, entities, settings, files, rates and jobs of the organisation',
    text: [
      "The organisation's overview ranks its sites by consumption, cost and emissions for a month, and lists the sites with the most alerts. Its tabs hold the sites, the data sources, the fleet, the entities (buildings, heat plants, pumps), the settings (details, emissions and reporting settings, the reporting year), its files, its contracted rates and its jobs.",
      "A site's page shows its figures by month against the year before, its entities, data sources, settings and files. Actions > New Site adds one; a site with a close date shows as closed.",
    ],
    keywords: [
      'sites',
      'site',
      'entities',
      'buildings',
      'settings',
      'reporting year',
      'files',
      'rates',
      'jobs',
    ],
  },
  {
    id: 'data-sources',
    title: 'Data sources (meters)',
    path: '/organisation/data-sources',
    summary: 'Meters, fuel cards and vehicles: their figures, details, notes, files and alerts',
    text: [
      "A data source is anything that measures: an electricity, gas or water meter, a fuel card, a vehicle. The list filters by name or account, type, what is measured and retailer, and shows each one's usage, cost or emissions for a month. Rows with alerts open the alerts to schedule or delete.",
      "A data source's page has its overview, details (retailer, metering, alert settings, location), distribution to entities, notes, files and, by its type, invoices, consumption records, transactions or half-hour data. Actions > New Meter walks through creating one; Bulk Actions set open dates or stop loading several at once.",
    ],
    keywords: ['meter', 'meters', 'fuel card', 'icp', 'alerts', 'notes', 'bulk', 'export', 'new meter'],
  },
  {
    id: 'invoices',
    title: 'Invoices',
    summary: 'Entering and checking bills, reversals and replacements, the original PDF',
    text: [
      "A data source's Invoices tab lists its bills, newest first, with a row for any period not invoiced ('Invoice(s) missing') and the notes that explain one. New Invoice proposes the period after the latest bill; the invoice page checks the items against the total and the GST, and raises alerts (a rate off the contract, consumption out of line) before it saves.",
      'New Reversal, Replace Invoice and Decommission correct bills already entered. Each invoice can carry its original PDF and raw data files; a PDF already in the portal can be linked as the original from the invoice page.',
    ],
    keywords: [
      'bill',
      'bills',
      'invoice',
      'gst',
      'reversal',
      'replacement',
      'decommission',
      'pdf',
      'original',
    ],
  },
  {
    id: 'half-hour',
    title: 'Half-hour data',
    summary: "Smart meters' interval data: daily traces, peaks, base load, power factor",
    text: [
      "The HH Data tab of a smart or time-of-use meter shows a month of half-hour demand on the local clock, the power factor, any day's kWh beside the weekday or weekend average, and the month's base load, peaks and load against the connection's capacity. Estimated, substituted and missing half hours are marked.",
      'Load Jobs (/loading) takes NEM12, EIEP3, EIEP13A, Green Button and CSV files: a load lands whole or names the rows it refused.',
    ],
    keywords: [
      'interval',
      'hh',
      'smart meter',
      'peak',
      'base load',
      'power factor',
      'nem12',
      'load',
      'upload',
    ],
  },
  {
    id: 'fleet',
    title: 'Fleet and fuel',
    path: '/organisation/fleet',
    summary: 'Vehicles, fuel cards and fuel purchases',
    text: [
      "The fleet lists the organisation's vehicles with their distance and consumption. A vehicle's page has its fuel purchases (date, odometer, litres, cost), its details and an analytics chart of efficiency; a fuel card's page lists its purchases.",
    ],
    keywords: ['vehicle', 'vehicles', 'fuel', 'petrol', 'diesel', 'odometer', 'purchase'],
  },
  {
    id: 'reporting',
    title: 'Graphs and reports',
    path: '/reports/ts',
    summary: 'Time series, breakdowns, GHG graphs and favourite graphs',
    text: [
      'Time Series builds a graph of any asset and quantity, by month or year, with as many series as needed; it can be downloaded as CSV or an image, or kept as a favourite. Breakdown shows a pie of what makes up a total. GHG Graphs show emissions by scope, source and division.',
    ],
    keywords: ['graph', 'chart', 'time series', 'pie', 'breakdown', 'ghg', 'emissions', 'scope', 'csv'],
  },
  {
    id: 'groups-targets',
    title: 'Groups and targets',
    path: '/groups',
    summary: 'Groupings of sites and data sources, and targets against a baseline',
    text: [
      'Groupings sort sites or data sources into groups (divisions, regions) for reporting; a controlled grouping puts each asset in one group only. Targets set a reduction against a baseline year, and the performance report compares each month with the target.',
    ],
    keywords: ['group', 'grouping', 'division', 'region', 'target', 'baseline', 'performance'],
  },
  {
    id: 'users',
    title: 'Users and rights',
    path: '/users',
    summary: 'People, their access levels and advanced rights',
    text: [
      'Each person has an access level in the organisation: Primary Contact, General User (changes data) or Observer (reads). Advanced rights raise or lower a level on one site, group or data source: an Observer can be a General User of one site. Administrators add people, reset passwords and block or unblock them.',
    ],
    keywords: [
      'user',
      'people',
      'access',
      'observer',
      'general user',
      'primary contact',
      'rights',
      'password',
    ],
  },
  {
    id: 'demo',
    title: 'The demo accounts',
    summary: 'Who you are in the free test drive, and the other demo accounts',
    text: [
      "On an installation that loaded the demo, the free test drive signs in as demo, the Demo Organisation's administrator; it may look at everything and change nothing. The other demo accounts share the password Verdant-demo-1: demo.general is a General User; demo.observer is an Observer except on the Aquatic Centre, where an advanced right makes her a General User; harbour.admin administers Harbour Council only, to see that one organisation never sees another's data.",
    ],
    keywords: ['demo', 'test drive', 'try', 'account', 'password'],
  },
  {
    id: 'ask',
    title: 'Where to ask',
    path: '/users',
    linkLabel: "Your organisation's people and administrators",
    summary: 'Who can help: your administrators, then the people who run the portal',
    text: [
      "Questions about your organisation's data, access or settings go to its administrators: the Users page lists them. They can reset your password, change your access and set up data sources.",
      'A fault or a question about the portal itself goes to the people who run this installation (its product administrators), who can also restore a deleted asset within three months.',
    ],
    keywords: ['help', 'support', 'contact', 'administrator', 'question', 'problem', 'fault'],
  },
];
