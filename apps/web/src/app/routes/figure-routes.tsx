import { Navigate, type RouteObject } from 'react-router';

const loadDashboard = async () => ({
  Component: (await import('../../features/dashboard/pages/dashboard-page')).DashboardPage,
});

/** The dashboard, graphs, reports, benchmarks and targets. Each screen is its own lazily loaded chunk (../router.tsx). */
export const figureRoutes: RouteObject[] = [
  ...['/dashboard', '/dashboard/favourite-reports', '/dashboard/favourite-graphs'].map((path) => ({
    path,
    lazy: loadDashboard,
  })),
  // The reporting page (data-portal.md 2) opens on its first tab, Time Series.
  { path: '/reports', element: <Navigate to="/reports/ts" replace /> },
  {
    path: '/reports/ts',
    lazy: async () => ({
      Component: (await import('../../features/graphs/pages/time-series-page')).TimeSeriesPage,
    }),
  },
  {
    path: '/reports/mgmt',
    lazy: async () => ({
      Component: (await import('../../features/reports/pages/reports-page')).ReportsPage,
    }),
  },
  ...['/reports/benchmark', '/reports/benchmarking'].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/benchmark/pages/benchmark-page')).BenchmarkPage,
    }),
  })),
  {
    path: '/reports/comp-report',
    lazy: async () => ({
      Component: (await import('../../features/reports/pages/comp-report-page')).CompReportPage,
    }),
  },
  {
    path: '/reports/commissioning',
    lazy: async () => ({
      Component: (await import('../../features/benchmark/pages/commissioning-page')).CommissioningPage,
    }),
  },
  {
    path: '/emailed-reports',
    lazy: async () => ({
      Component: (await import('../../features/reports/pages/emailed-reports-page')).EmailedReportsPage,
    }),
  },
  {
    path: '/reports/pie',
    lazy: async () => ({
      Component: (await import('../../features/graphs/pages/breakdown-page')).BreakdownPage,
    }),
  },
  {
    path: '/organisation/targets',
    lazy: async () => ({
      Component: (await import('../../features/targets/pages/targets-page')).TargetsPage,
    }),
  },
  {
    path: '/organisation/performance-against-targets',
    lazy: async () => ({
      Component: (await import('../../features/targets/pages/performance-page')).PerformancePage,
    }),
  },
  ...[
    '/site-groupings/:id/reports/performance-against-targets',
    '/meter-groupings/:id/reports/performance-against-targets',
  ].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../../features/targets/pages/performance-page')).PerformancePage,
    }),
  })),
  {
    path: '/reports/ghg',
    lazy: async () => ({
      Component: (await import('../../features/ghg-charts/pages/ghg-page')).GhgPage,
    }),
  },
  {
    path: '/public-datasets',
    lazy: async () => ({
      Component: (await import('../../features/public-datasets/pages/public-datasets-page'))
        .PublicDatasetsPage,
    }),
  },
  {
    path: '/grid-intensity',
    lazy: async () => ({
      Component: (await import('../../features/time-matched/pages/grid-intensity-page')).GridIntensityPage,
    }),
  },
];
