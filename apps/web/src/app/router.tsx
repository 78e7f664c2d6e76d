import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { preloadShell, Shell } from './lazy-shell';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';

/**
 * Every screen is its own lazily loaded chunk, so the login page does not carry the shell and the
 * shell does not carry screens the user never opens. The shell itself is loaded by the signed-in area
 * (lazy-shell.tsx), so a signed-out visitor's redirect to the login page loads none of it.
 */
const loadDashboard = async () => ({
  Component: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage,
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FullPageLoader label="Loading…" />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      {
        path: '/login/microsoft',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/microsoft-callback-page')).MicrosoftCallbackPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: '/confirm-email',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/confirm-email-page')).ConfirmEmailPage,
        }),
      },
      {
        // A portal's public page: its link's key is the credential, no session (docs/decisions/portals.md).
        path: '/portals/:url',
        lazy: async () => ({
          Component: (await import('../features/portals/pages/public-portal-page')).PublicPortalPage,
        }),
      },
      {
        element: <RequireSession />,
        loader: preloadShell,
        shouldRevalidate: () => false,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...['/dashboard', '/dashboard/favourite-reports', '/dashboard/favourite-graphs'].map(
                (path) => ({
                  path,
                  lazy: loadDashboard,
                }),
              ),
              {
                path: '/switch-organisation',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/switch-organisation-page'))
                    .SwitchOrganisationPage,
                }),
              },
              {
                path: '/switch-organisation/:org/*',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/switch-organisation-link-page'))
                    .SwitchOrganisationLinkPage,
                }),
              },
              {
                path: '/organisations/:org',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/organisation-by-id-page'))
                    .OrganisationByIdPage,
                }),
              },
              {
                path: '/help',
                lazy: async () => ({
                  Component: (await import('../features/help/pages/help-page')).HelpPage,
                }),
              },
              {
                path: '/reports/ts',
                lazy: async () => ({
                  Component: (await import('../features/graphs/pages/time-series-page')).TimeSeriesPage,
                }),
              },
              {
                path: '/reports/mgmt',
                lazy: async () => ({
                  Component: (await import('../features/reports/pages/reports-page')).ReportsPage,
                }),
              },
              ...['/reports/benchmark', '/reports/benchmarking'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/benchmark/pages/benchmark-page')).BenchmarkPage,
                }),
              })),
              {
                path: '/reports/comp-report',
                lazy: async () => ({
                  Component: (await import('../features/reports/pages/comp-report-page')).CompReportPage,
                }),
              },
              {
                path: '/reports/commissioning',
                lazy: async () => ({
                  Component: (await import('../features/benchmark/pages/commissioning-page'))
                    .CommissioningPage,
                }),
              },
              {
                path: '/emailed-reports',
                lazy: async () => ({
                  Component: (await import('../features/reports/pages/emailed-reports-page'))
                    .EmailedReportsPage,
                }),
              },
              {
                path: '/reports/pie',
                lazy: async () => ({
                  Component: (await import('../features/graphs/pages/breakdown-page')).BreakdownPage,
                }),
              },
              {
                path: '/organisation/files',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/organisation-files-page'))
                    .OrganisationFilesPage,
                }),
              },
              {
                path: '/organisation/rates',
                lazy: async () => ({
                  Component: (await import('../features/rates/pages/rates-page')).RatesPage,
                }),
              },
              {
                path: '/organisation/targets',
                lazy: async () => ({
                  Component: (await import('../features/targets/pages/targets-page')).TargetsPage,
                }),
              },
              {
                path: '/organisation/performance-against-targets',
                lazy: async () => ({
                  Component: (await import('../features/targets/pages/performance-page')).PerformancePage,
                }),
              },
              ...[
                '/site-groupings/:id/reports/performance-against-targets',
                '/meter-groupings/:id/reports/performance-against-targets',
              ].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/targets/pages/performance-page')).PerformancePage,
                }),
              })),
              {
                path: '/loading',
                lazy: async () => ({
                  Component: (await import('../features/imports/pages/loading-page')).LoadingPage,
                }),
              },
              {
                path: '/loading/:uuid',
                lazy: async () => ({
                  Component: (await import('../features/imports/pages/load-page')).LoadPage,
                }),
              },
              {
                path: '/reports/ghg',
                lazy: async () => ({
                  Component: (await import('../features/ghg-charts/pages/ghg-page')).GhgPage,
                }),
              },
              {
                path: '/data-library',
                lazy: async () => ({
                  Component: (await import('../features/data-library/pages/data-library-page'))
                    .DataLibraryPage,
                }),
              },
              {
                path: '/public-datasets',
                lazy: async () => ({
                  Component: (await import('../features/public-datasets/pages/public-datasets-page'))
                    .PublicDatasetsPage,
                }),
              },
              {
                path: '/grid-intensity',
                lazy: async () => ({
                  Component: (await import('../features/time-matched/pages/grid-intensity-page'))
                    .GridIntensityPage,
                }),
              },
              {
                path: '/organisation/scope2-instruments',
                lazy: async () => ({
                  Component: (await import('../features/scope2-instruments/pages/instruments-page'))
                    .InstrumentsPage,
                }),
              },
              {
                path: '/organisation/jobs',
                lazy: async () => ({
                  Component: (await import('../features/jobs/pages/jobs-page')).JobsPage,
                }),
              },
              {
                path: '/tools',
                lazy: async () => ({
                  Component: (await import('../features/tools/pages/tools-page')).ToolsPage,
                }),
              },
              {
                path: '/tools/jobs/:id',
                lazy: async () => ({
                  Component: (await import('../features/tools/pages/job-page')).JobPage,
                }),
              },
              {
                path: '/setup/benchmarks',
                lazy: async () => ({
                  Component: (await import('../features/benchmark/pages/benchmark-library-page'))
                    .BenchmarkLibraryPage,
                }),
              },
              {
                path: '/setup/editions',
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/editions-page')).EditionsPage,
                }),
              },
              {
                path: '/setup/editions/:id',
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/edition-page')).EditionPage,
                }),
              },
              {
                path: '/setup',
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/activities-page')).ActivitiesPage,
                }),
              },
              {
                path: '/setup/retailers',
                lazy: async () => ({
                  Component: (await import('../features/retailers/pages/retailers-page')).RetailersPage,
                }),
              },
              {
                path: '/setup/line-item-overrides',
                lazy: async () => ({
                  Component: (await import('../features/retailers/pages/line-item-overrides-page'))
                    .LineItemOverridesPage,
                }),
              },
              {
                path: '/admin-reports/invoice-entry',
                lazy: async () => ({
                  Component: (await import('../features/admin-reports/pages/invoice-entry-page'))
                    .InvoiceEntryPage,
                }),
              },
              {
                path: '/admin-reports/estimated-reads',
                lazy: async () => ({
                  Component: (await import('../features/admin-reports/pages/estimated-reads-page'))
                    .EstimatedReadsPage,
                }),
              },
              {
                path: '/organisation/sites',
                lazy: async () => ({
                  Component: (await import('../features/sites/pages/sites-page')).SitesPage,
                }),
              },
              ...['/sites/:id', '/sites/:id/:tab'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/sites/pages/site-page')).SitePage,
                }),
              })),
              ...['/data-sources', '/organisation/data-sources'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/data-sources/pages/data-sources-page'))
                    .DataSourcesPage,
                }),
              })),
              ...['/data-sources/:id', '/data-sources/:id/:tab'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/data-sources/pages/data-source-page')).DataSourcePage,
                }),
              })),
              ...['/fleet/vehicles/:id', '/fleet/vehicles/:id/:tab'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/fleet/pages/vehicle-page')).VehiclePage,
                }),
              })),
              {
                path: '/vehicle-by-meter/:id',
                lazy: async () => ({
                  Component: (await import('../features/fleet/pages/vehicle-page')).VehicleByMeterPage,
                }),
              },
              ...[
                '/fleet/fuelcards/:id',
                '/fleet/fuelcards/:id/:tab',
                '/fleet/incorrect_fuels/:id',
                '/fleet/incorrect_fuels/:id/:tab',
              ].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/fleet/pages/fuel-card-page')).FuelCardPage,
                }),
              })),
              {
                path: '/organisation/fleet',
                lazy: async () => ({
                  Component: (await import('../features/fleet/pages/fleet-page')).FleetPage,
                }),
              },
              {
                path: '/data-sources/:id/invoices/:invoiceId',
                lazy: async () => ({
                  Component: (await import('../features/invoices/pages/invoice-page')).InvoicePage,
                }),
              },
              {
                path: '/data-sources/:id/new-invoice',
                lazy: async () => ({
                  Component: (await import('../features/invoices/pages/new-invoice-page')).NewInvoicePage,
                }),
              },
              {
                path: '/groups',
                lazy: async () => ({
                  Component: (await import('../features/groupings/pages/groups-page')).GroupingsPage,
                }),
              },
              {
                path: '/groups/:kind',
                lazy: async () => ({
                  Component: (await import('../features/groupings/pages/groups-page')).GroupsListPage,
                }),
              },
              ...[
                '/site-groups/:id',
                '/site-groups/:id/:tab',
                '/meter-groups/:id',
                '/meter-groups/:id/:tab',
              ].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/groupings/pages/group-page')).GroupPage,
                }),
              })),
              ...[
                '/site-groupings/:id',
                '/site-groupings/:id/:tab',
                '/meter-groupings/:id',
                '/meter-groupings/:id/:tab',
              ].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/groupings/pages/grouping-page')).GroupingPage,
                }),
              })),
              {
                path: '/organisation/entities',
                lazy: async () => ({
                  Component: (await import('../features/entities/pages/entities-page')).EntitiesPage,
                }),
              },
              ...['/entities/:id', '/entities/:id/:tab'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/entities/pages/entity-page')).EntityPage,
                }),
              })),
              ...['/portals', '/portals/data-entry-portals', '/portals/custom-portals'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/portals/pages/portals-page')).PortalsPage,
                }),
              })),
              {
                path: '/email-processing/templates',
                lazy: async () => ({
                  Component: (await import('../features/email-processing/pages/templates-page'))
                    .TemplatesPage,
                }),
              },
              ...['/email-processing', '/email-processing/:tab'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/email-processing/pages/email-processing-page'))
                    .EmailProcessingPage,
                }),
              })),
              ...['/manage-deleted', '/manage-deleted/:tab'].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/deleted-assets/pages/manage-deleted-page'))
                    .ManageDeletedPage,
                }),
              })),
              {
                path: '/organisation',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/organisation-overview-page'))
                    .OrganisationOverviewPage,
                }),
              },
              {
                path: '/organisation/org-wide-updates',
                lazy: async () => ({
                  Component: (await import('../features/org-wide-updates/pages/org-wide-updates-page'))
                    .OrgWideUpdatesPage,
                }),
              },
              {
                path: '/organisation/history',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/organisation-history-page'))
                    .OrganisationHistoryPage,
                }),
              },
              {
                path: '/organisation/settings',
                lazy: async () => ({
                  Component: (await import('../features/organisations/pages/organisation-settings-page'))
                    .OrganisationSettingsPage,
                }),
              },
              {
                path: '/users',
                lazy: async () => ({
                  Component: (await import('../features/users/pages/users-page')).UsersPage,
                }),
              },
              {
                path: '/my-details',
                lazy: async () => ({
                  Component: (await import('../features/current-user/pages/my-details-page')).MyDetailsPage,
                }),
              },
              {
                path: '/my-details/:setup',
                lazy: async () => ({
                  Component: (await import('../features/current-user/pages/mode-setup-page')).ModeSetupPage,
                }),
              },
              {
                path: '*',
                lazy: async () => ({ Component: (await import('./shell/screen-page')).ScreenPage }),
              },
            ],
          },
        ],
      },
    ],
  },
]);
