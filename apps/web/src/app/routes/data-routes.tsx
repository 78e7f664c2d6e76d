import type { RouteObject } from 'react-router';

/** Sites, data sources, fleet, groups, entities, invoices and the ways data comes in (loads, portals, email). Each screen is its own lazily loaded chunk (../router.tsx). */
export const dataRoutes: RouteObject[] = [
  {
    path: '/organisation/rates',
    lazy: async () => ({
      Component: (await import('../../features/rates/pages/rates-page')).RatesPage,
    }),
  },
  {
    path: '/loading',
    lazy: async () => ({
      Component: (await import('../../features/imports/pages/loading-page')).LoadingPage,
    }),
  },
  {
    path: '/loading/:uuid',
    lazy: async () => ({
      Component: (await import('../../features/imports/pages/load-page')).LoadPage,
    }),
  },
  {
    path: '/data-library',
    lazy: async () => ({
      Component: (await import('../../features/data-library/pages/data-library-page')).DataLibraryPage,
    }),
  },
  {
    path: '/organisation/scope2-instruments',
    lazy: async () => ({
      Component: (await import('../../features/scope2-instruments/pages/instruments-page')).InstrumentsPage,
    }),
  },
  {
    path: '/organisation/sites',
    lazy: async () => ({
      Component: (await import('../../features/sites/pages/sites-page')).SitesPage,
    }),
  },
  ...['/sites/:id', '/sites/:id/:tab'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/sites/pages/site-page')).SitePage,
    }),
  })),
  ...['/data-sources', '/organisation/data-sources'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/data-sources/pages/data-sources-page')).DataSourcesPage,
    }),
  })),
  ...['/data-sources/:id', '/data-sources/:id/:tab'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/data-sources/pages/data-source-page')).DataSourcePage,
    }),
  })),
  ...['/fleet/vehicles/:id', '/fleet/vehicles/:id/:tab'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/fleet/pages/vehicle-page')).VehiclePage,
    }),
  })),
  {
    path: '/vehicle-by-meter/:id',
    lazy: async () => ({
      Component: (await import('../../features/fleet/pages/vehicle-page')).VehicleByMeterPage,
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
      Component: (await import('../../features/fleet/pages/fuel-card-page')).FuelCardPage,
    }),
  })),
  {
    path: '/organisation/fleet',
    lazy: async () => ({
      Component: (await import('../../features/fleet/pages/fleet-page')).FleetPage,
    }),
  },
  {
    path: '/data-sources/:id/invoices/:invoiceId',
    lazy: async () => ({
      Component: (await import('../../features/invoices/pages/invoice-page')).InvoicePage,
    }),
  },
  {
    path: '/data-sources/:id/new-invoice',
    lazy: async () => ({
      Component: (await import('../../features/invoices/pages/new-invoice-page')).NewInvoicePage,
    }),
  },
  {
    path: '/groups',
    lazy: async () => ({
      Component: (await import('../../features/groupings/pages/groups-page')).GroupingsPage,
    }),
  },
  {
    path: '/groups/:kind',
    lazy: async () => ({
      Component: (await import('../../features/groupings/pages/groups-page')).GroupsListPage,
    }),
  },
  ...['/site-groups/:id', '/site-groups/:id/:tab', '/meter-groups/:id', '/meter-groups/:id/:tab'].map(
    (path) => ({
      path,
      lazy: async () => ({
        Component: (await import('../../features/groupings/pages/group-page')).GroupPage,
      }),
    }),
  ),
  ...[
    '/site-groupings/:id',
    '/site-groupings/:id/:tab',
    '/meter-groupings/:id',
    '/meter-groupings/:id/:tab',
  ].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/groupings/pages/grouping-page')).GroupingPage,
    }),
  })),
  {
    path: '/organisation/entities',
    lazy: async () => ({
      Component: (await import('../../features/entities/pages/entities-page')).EntitiesPage,
    }),
  },
  ...['/entities/:id', '/entities/:id/:tab'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/entities/pages/entity-page')).EntityPage,
    }),
  })),
  ...['/portals', '/portals/data-entry-portals', '/portals/custom-portals'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/portals/pages/portals-page')).PortalsPage,
    }),
  })),
  {
    path: '/email-processing/templates',
    lazy: async () => ({
      Component: (await import('../../features/email-processing/pages/templates-page')).TemplatesPage,
    }),
  },
  ...['/email-processing', '/email-processing/:tab'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/email-processing/pages/email-processing-page'))
        .EmailProcessingPage,
    }),
  })),
];
