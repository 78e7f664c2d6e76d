/**
 * The product's screens, as offered by the full menu. The server filters it by the caller's rights
 * (`GET /api/current-user/full-menu`); the web app uses the same list for tab and route titles.
 */
export type MenuAudience = 'member' | 'editor' | 'orgAdmin' | 'productAdmin';

export interface MenuEntry {
  id: string;
  label: string;
  path: string;
  section: string;
  description: string;
  audience: MenuAudience;
}

const m = (
  id: string,
  label: string,
  path: string,
  section: string,
  description: string,
  audience: MenuAudience = 'member',
): MenuEntry => ({ id, label, path, section, description, audience });

export const MENU: readonly MenuEntry[] = [
  m('dashboard', 'Dashboard', '/dashboard', 'Home', 'Savings, comparisons and top movers'),
  m(
    'favourite-reports',
    'Favourite Reports',
    '/dashboard/favourite-reports',
    'Home',
    'Reports you marked as favourite',
  ),
  m(
    'favourite-graphs',
    'Favourite Graphs',
    '/dashboard/favourite-graphs',
    'Home',
    'Graphs you marked as favourite',
  ),
  m(
    'organisation',
    'Organisation Overview',
    '/organisation',
    'Organisation',
    'Highest emitters, consumers and alerts',
  ),
  m('sites', 'Sites', '/organisation/sites', 'Organisation', 'All sites of the organisation'),
  m(
    'org-data-sources',
    'Organisation Data Sources',
    '/organisation/data-sources',
    'Organisation',
    'Meters by site',
  ),
  m('fleet', 'Fleet', '/organisation/fleet', 'Organisation', 'Vehicles and fuel cards'),
  m(
    'entities',
    'Entities',
    '/organisation/entities',
    'Organisation',
    'Buildings, heat plants, pumps and plants',
  ),
  m(
    'org-settings',
    'Organisation Settings',
    '/organisation/settings',
    'Organisation',
    'Details, emissions and reporting settings',
  ),
  m('org-files', 'Organisation Files', '/organisation/files', 'Organisation', 'Documents and images'),
  m('rates', 'Rates', '/organisation/rates', 'Organisation', 'TOU, NHH and prompt payment discount rates'),
  m('jobs', 'Jobs', '/organisation/jobs', 'Organisation', 'Dated tasks and notes'),
  m(
    'scope2-instruments',
    'Market-based Scope 2',
    '/organisation/scope2-instruments',
    'Organisation',
    'Certificates and supplier-specific emission factors',
  ),
  m(
    'org-wide-updates',
    'Org-wide Updates',
    '/organisation/org-wide-updates',
    'Organisation',
    'Alert, identifier and retailer defaults for every data source',
    'orgAdmin',
  ),
  m(
    'history',
    'History',
    '/organisation/history',
    'Organisation',
    'Who changed what, when, and from what',
    'orgAdmin',
  ),
  m('groups', 'Groups', '/groups', 'Organisation', 'Groupings of sites and meters'),
  m('data-sources', 'Data Sources', '/data-sources', 'Data', 'Meters, fuel cards and vehicles'),
  m('reports-ts', 'Time Series Graph', '/reports/ts', 'Reporting', 'Build a time series or yearly graph'),
  m('reports-pie', 'Breakdown', '/reports/pie', 'Reporting', 'Pie chart of a breakdown'),
  m('reports-mgmt', 'Reports', '/reports/mgmt', 'Reporting', 'Run, favourite, email or schedule reports'),
  m('benchmark', 'Benchmark', '/reports/benchmarking', 'Reporting', 'Compare an entity against benchmarks'),
  m('commissioning', 'Commissioning', '/reports/commissioning', 'Reporting', 'Commissioning report by year'),
  m('ghg', 'GHG Graphs', '/reports/ghg', 'Reporting', 'Emissions by scope, source and division'),
  m(
    'comp-report',
    'Complimentary Report',
    '/reports/comp-report',
    'Reporting',
    "The organisation's free report: its pages and their parameters",
    'orgAdmin',
  ),
  m(
    'emailed-reports',
    'Emailed Reports',
    '/emailed-reports',
    'Reporting',
    'Scheduled report emails',
    'editor',
  ),
  m('portals', 'Portals', '/portals', 'Data', 'Data entry and custom portals', 'editor'),
  m(
    'loading',
    'Load Jobs',
    '/loading',
    'Data',
    'Upload meter data, invoices and consumption files; see how each load went',
    'editor',
  ),
  m(
    'data-library',
    'Data Library',
    '/data-library',
    'Data',
    'Invoice files by retailer, organisation, year, month and account number',
    'orgAdmin',
  ),
  m('users', 'Users', '/users', 'Administration', 'People, access levels and advanced rights'),
  m('my-details', 'My Details', '/my-details', 'Account', 'Your name, contact details and password'),
  m(
    'switch-organisation',
    'Switch Organisation',
    '/switch-organisation',
    'Account',
    'Work in another organisation',
  ),
  m('help', 'Help', '/help', 'Account', 'How to use the portal'),
  m(
    'setup',
    'Data Types and Factors',
    '/setup',
    'Product administration',
    'Activities, units and emission factors',
    'productAdmin',
  ),
  m(
    'line-item-overrides',
    'Line Item Overrides',
    '/setup/line-item-overrides',
    'Product administration',
    'Retailer line item instructions',
    'productAdmin',
  ),
  m(
    'email-processing',
    'Email Processing',
    '/email-processing',
    'Product administration',
    'Parked and rejected emails',
    'productAdmin',
  ),
  m(
    'manage-deleted',
    'Deleted Assets',
    '/manage-deleted',
    'Product administration',
    'Restore or purge deleted assets',
    'productAdmin',
  ),
  m(
    'invoice-entry',
    'Invoice Entry Report',
    '/admin-reports/invoice-entry',
    'Product administration',
    'Invoices entered by day or data source',
    'productAdmin',
  ),
  m(
    'estimated-reads',
    'Estimated Reads',
    '/admin-reports/estimated-reads',
    'Product administration',
    'Accounts billed on estimates',
    'productAdmin',
  ),
  m(
    'grid-intensity',
    'Grid Intensity Series',
    '/grid-intensity',
    'Product administration',
    'Grid carbon intensity by half hour, for time-matched scope 2',
    'productAdmin',
  ),
  m(
    'public-datasets',
    'Public Datasets',
    '/public-datasets',
    'Product administration',
    'Degree days by region and other published monthly figures',
    'productAdmin',
  ),
  m(
    'tools',
    'Background Jobs',
    '/tools',
    'Product administration',
    'Emission factor updates and other jobs',
    'productAdmin',
  ),
];

/** Tabs shown in the shell for an area: the first path segment decides the area. */
export const AREA_TABS: Record<string, readonly { label: string; path: string }[]> = {
  dashboard: [
    { label: 'Overview', path: '/dashboard' },
    { label: 'Favourite Reports', path: '/dashboard/favourite-reports' },
    { label: 'Favourite Graphs', path: '/dashboard/favourite-graphs' },
  ],
  organisation: [
    { label: 'Overview', path: '/organisation' },
    { label: 'Sites', path: '/organisation/sites' },
    { label: 'Data Sources', path: '/organisation/data-sources' },
    { label: 'Fleet', path: '/organisation/fleet' },
    { label: 'Entities', path: '/organisation/entities' },
    { label: 'Details', path: '/organisation/settings' },
    { label: 'Files', path: '/organisation/files' },
    { label: 'Rates', path: '/organisation/rates' },
    { label: 'Jobs', path: '/organisation/jobs' },
  ],
  reports: [
    { label: 'Time Series', path: '/reports/ts' },
    { label: 'Breakdown', path: '/reports/pie' },
    { label: 'Reports', path: '/reports/mgmt' },
    { label: 'Benchmark', path: '/reports/benchmarking' },
    { label: 'Commissioning', path: '/reports/commissioning' },
    { label: 'GHG Graphs', path: '/reports/ghg' },
  ],
  groups: [
    { label: 'Groupings', path: '/groups' },
    { label: 'Groups', path: '/groups/site-groups' },
  ],
  setup: [
    { label: 'Activities', path: '/setup' },
    { label: 'Line Items', path: '/setup/line-item-overrides' },
    { label: 'Retailers', path: '/setup/retailers' },
    { label: 'Benchmarks', path: '/setup/benchmarks' },
  ],
  'admin-reports': [
    { label: 'Invoice Entry', path: '/admin-reports/invoice-entry' },
    { label: 'Estimated Reads', path: '/admin-reports/estimated-reads' },
  ],
  'my-details': [{ label: 'My Details', path: '/my-details' }],
  users: [{ label: 'Users', path: '/users' }],
  portals: [
    { label: 'Data Entry Portals', path: '/portals/data-entry-portals' },
    { label: 'Custom Portals', path: '/portals/custom-portals' },
  ],
  'email-processing': [
    { label: 'Issues Awaiting Resolution', path: '/email-processing' },
    { label: 'Rejected', path: '/email-processing/rejected' },
    { label: 'Accepted', path: '/email-processing/accepted' },
  ],
  'manage-deleted': [
    { label: 'Sites', path: '/manage-deleted' },
    { label: 'Data Sources', path: '/manage-deleted/data-sources' },
    { label: 'Vehicles', path: '/manage-deleted/vehicles' },
    { label: 'Entities', path: '/manage-deleted/entities' },
  ],
};
