import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import PDFDocument from 'pdfkit';
import { FONT } from './pdf-page';
import { CHART_FONT, REPORT_COLOURS } from './report-colours';

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

/**
 * Text measured in the font the PDF draws it in: without a canvas, ECharts guesses text widths, and a long legend
 * entry then ran into the next one. A document that is never written gives Inter's own metrics.
 */
let metrics: PDFKit.PDFDocument | undefined;
echarts.setPlatformAPI({
  measureText(text: string, font?: string) {
    metrics ??= new PDFDocument({ autoFirstPage: false, font: FONT.regular });
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
    const bold = /\b(bold|bolder|[6-9]00)\b/.test(font ?? '');
    return {
      width: metrics
        .font(bold ? FONT.bold : FONT.regular)
        .fontSize(size)
        .widthOfString(text),
    };
  },
});

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
