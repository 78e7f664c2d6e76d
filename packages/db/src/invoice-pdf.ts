import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface InvoicePdfLine {
  description: string;
  amount: number;
}

/**
 * A one-page invoice PDF laid out as a retailer's bill: header, account and period, line items, GST and total.
 * The product draws the demo's sample originals with it.
 */
export async function renderInvoicePdf(bill: {
  retailer: string;
  customer: string;
  site: string;
  invoiceNumber: string;
  /** The account the bill is for (the data source's account), printed with the invoice's facts. */
  account?: string;
  invoiceDate: string;
  period: string;
  consumption: string;
  lines: InvoicePdfLine[];
  gst: number;
}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${bill.invoiceNumber}`);
  doc.setCreator('Verdant');
  doc.setCreationDate(new Date(`${bill.invoiceDate}T00:00:00Z`));
  doc.setModificationDate(new Date(`${bill.invoiceDate}T00:00:00Z`));
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const green = rgb(0.1, 0.45, 0.3);
  const text = (s: string, x: number, y: number, size = 10, f = font) =>
    page.drawText(s, { x, y, size, font: f });
  const money = (n: number) => `$${n.toFixed(2)}`;
  const right = (s: string, x: number, y: number, size = 10, f = font) =>
    text(s, x - f.widthOfTextAtSize(s, size), y, size, f);

  page.drawRectangle({ x: 0, y: 782, width: 595, height: 60, color: green });
  page.drawText(bill.retailer, { x: 40, y: 805, size: 20, font: bold, color: rgb(1, 1, 1) });
  page.drawText('TAX INVOICE', { x: 440, y: 805, size: 14, font: bold, color: rgb(1, 1, 1) });
  text(bill.customer, 40, 740, 12, bold);
  text(bill.site, 40, 724);
  const facts: [string, string][] = [
    ['Invoice number', bill.invoiceNumber],
    ...(bill.account ? ([['Account number', bill.account]] as [string, string][]) : []),
    ['Invoice date', bill.invoiceDate],
    ['Billing period', bill.period],
    ['Consumption', bill.consumption],
  ];
  facts.forEach(([label, value], i) => {
    text(label, 330, 740 - i * 16, 10, bold);
    text(value, 440, 740 - i * 16);
  });
  let y = 640;
  text('Charges', 40, y, 12, bold);
  right('Amount', 555, y, 12, bold);
  y -= 8;
  page.drawLine({ start: { x: 40, y }, end: { x: 555, y }, thickness: 0.5 });
  for (const line of bill.lines) {
    y -= 18;
    text(line.description, 40, y);
    right(money(line.amount), 555, y);
  }
  const subtotal = bill.lines.reduce((s, l) => s + l.amount, 0);
  y -= 14;
  page.drawLine({ start: { x: 300, y }, end: { x: 555, y }, thickness: 0.5 });
  const totals: [string, number][] = [
    ['Total excluding GST', subtotal],
    ['GST (15%)', bill.gst],
    ['Total payable', subtotal + bill.gst],
  ];
  for (const [label, amount] of totals) {
    y -= 18;
    text(label, 330, y, 10, label === 'Total payable' ? bold : font);
    right(money(amount), 555, y, 10, label === 'Total payable' ? bold : font);
  }
  text('A sample invoice drawn by Verdant for its demonstration data.', 40, 60, 8);
  return Buffer.from(await doc.save());
}
