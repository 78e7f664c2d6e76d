import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * Charts in reports are drawn by ECharts, as the web draws them, rendered to SVG on the server
 * (docs/decisions/reports.md, PDFs): the same option objects, no browser. The PDF places the SVG as vectors.
 */
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
]);
echarts.use(SVGRenderer);

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

/** An ECharts option drawn to an SVG string of the given size (points). */
export function chartSvg(option: Record<string, unknown>, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: CHART_FONT, fontSize: 9, color: '#343a40' },
      color: REPORT_COLOURS.palette,
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
