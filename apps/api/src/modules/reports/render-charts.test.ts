import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FONT } from './pdf-page';
import { chartSvg } from './render-charts';

/** Where ECharts placed a legend entry (the group's x) in the SVG. */
const legendX = (svg: string, name: string) =>
  Number(new RegExp(`transform="translate\\(([\\d.]+) [\\d.]+\\)"[^>]*>${name}</text>`).exec(svg)?.[1]);

describe('charts drawn for the PDFs', () => {
  it('lays a legend out by the widths of the font the PDF draws it in', () => {
    const long = 'Civic Administration Building';
    const svg = chartSvg(
      {
        legend: { top: 0, itemGap: 10 },
        xAxis: { type: 'category', data: ['Total energy'] },
        yAxis: { type: 'value' },
        series: [
          { type: 'bar', name: long, data: [61.9] },
          { type: 'bar', name: 'Benchmark', data: [162.8] },
        ],
      },
      400,
      200,
    );
    const width = new PDFDocument({ autoFirstPage: false })
      .font(FONT.regular)
      .fontSize(9)
      .widthOfString(long);
    // Each entry is its 25-point symbol, 5 points, its text, then the gap: the next entry starts after the text.
    const gap = legendX(svg, 'Benchmark') - legendX(svg, long) - 30 - 10;
    expect(gap).toBeCloseTo(width, 0);
  });
});
