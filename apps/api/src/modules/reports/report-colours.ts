/**
 * The colours and font of report charts, apart from the renderer (render-charts.ts) so that a report's
 * definition names them without loading ECharts (docs/decisions/tooling.md, Heavy libraries loaded on first use).
 */

/** The product's colours: this period in the brand green, the year before in grey, then the graphs' palette. */
export const REPORT_COLOURS = {
  current: '#0b7f55',
  previous: '#adb5bd',
  scope1: '#1864ab',
  scope2: '#2b8a3e',
  scope3: '#e67700',
  market: '#8ce99a',
  palette: ['#0b7f55', '#1971c2', '#e8590c', '#9c36b5', '#f08c00', '#c2255c', '#0c8599', '#5c940d'],
};

export const CHART_FONT = 'Inter';
