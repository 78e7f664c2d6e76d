import type { RouteObject } from 'react-router';

/** The organisation's settings, users and history, switching organisation, help, and the product administrators' setup and tools. Each screen is its own lazily loaded chunk (../router.tsx). */
export const adminRoutes: RouteObject[] = [
  {
    path: '/switch-organisation',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/switch-organisation-page'))
        .SwitchOrganisationPage,
    }),
  },
  {
    path: '/switch-organisation/:org/*',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/switch-organisation-link-page'))
        .SwitchOrganisationLinkPage,
    }),
  },
  {
    path: '/organisations/:org',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/organisation-by-id-page'))
        .OrganisationByIdPage,
    }),
  },
  {
    path: '/help',
    lazy: async () => ({
      Component: (await import('../../features/help/pages/help-page')).HelpPage,
    }),
  },
  {
    path: '/organisation/files',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/organisation-files-page'))
        .OrganisationFilesPage,
    }),
  },
  {
    path: '/organisation/jobs',
    lazy: async () => ({
      Component: (await import('../../features/jobs/pages/jobs-page')).JobsPage,
    }),
  },
  {
    path: '/tools',
    lazy: async () => ({
      Component: (await import('../../features/tools/pages/tools-page')).ToolsPage,
    }),
  },
  {
    path: '/tools/jobs/:id',
    lazy: async () => ({
      Component: (await import('../../features/tools/pages/job-page')).JobPage,
    }),
  },
  {
    path: '/setup/benchmarks',
    lazy: async () => ({
      Component: (await import('../../features/benchmark/pages/benchmark-library-page')).BenchmarkLibraryPage,
    }),
  },
  {
    path: '/setup/editions',
    lazy: async () => ({
      Component: (await import('../../features/catalogue/pages/editions-page')).EditionsPage,
    }),
  },
  {
    path: '/setup/editions/:id',
    lazy: async () => ({
      Component: (await import('../../features/catalogue/pages/edition-page')).EditionPage,
    }),
  },
  {
    path: '/setup',
    lazy: async () => ({
      Component: (await import('../../features/catalogue/pages/activities-page')).ActivitiesPage,
    }),
  },
  {
    path: '/setup/retailers',
    lazy: async () => ({
      Component: (await import('../../features/retailers/pages/retailers-page')).RetailersPage,
    }),
  },
  {
    path: '/setup/line-item-overrides',
    lazy: async () => ({
      Component: (await import('../../features/retailers/pages/line-item-overrides-page'))
        .LineItemOverridesPage,
    }),
  },
  {
    path: '/admin-reports/invoice-entry',
    lazy: async () => ({
      Component: (await import('../../features/admin-reports/pages/invoice-entry-page')).InvoiceEntryPage,
    }),
  },
  {
    path: '/admin-reports/estimated-reads',
    lazy: async () => ({
      Component: (await import('../../features/admin-reports/pages/estimated-reads-page')).EstimatedReadsPage,
    }),
  },
  ...['/manage-deleted', '/manage-deleted/:tab'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/deleted-assets/pages/manage-deleted-page')).ManageDeletedPage,
    }),
  })),
  {
    path: '/organisation',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/organisation-overview-page'))
        .OrganisationOverviewPage,
    }),
  },
  {
    path: '/organisation/org-wide-updates',
    lazy: async () => ({
      Component: (await import('../../features/org-wide-updates/pages/org-wide-updates-page'))
        .OrgWideUpdatesPage,
    }),
  },
  {
    path: '/organisation/history',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/organisation-history-page'))
        .OrganisationHistoryPage,
    }),
  },
  {
    path: '/organisation/settings',
    lazy: async () => ({
      Component: (await import('../../features/organisations/pages/organisation-settings-page'))
        .OrganisationSettingsPage,
    }),
  },
  {
    path: '/users',
    lazy: async () => ({
      Component: (await import('../../features/users/pages/users-page')).UsersPage,
    }),
  },
  {
    path: '/my-details',
    lazy: async () => ({
      Component: (await import('../../features/current-user/pages/my-details-page')).MyDetailsPage,
    }),
  },
  {
    path: '/my-details/:setup',
    lazy: async () => ({
      Component: (await import('../../features/current-user/pages/mode-setup-page')).ModeSetupPage,
    }),
  },
];
