import type { ReportDefinition } from '../report-definition';
import type { Row } from '../report-document';
import { registerRows } from './invoice-register.queries';
import { provenanceOf, subtitleOf } from './report-kit';

/**
 * Invoice register (XLSX and CSV): every invoice of the asset's meters whose billing period ends in the
 * period, with its cost excluding GST, GST, total and open bill-audit alerts, and a total row. Money is summed
 * in cents (docs/architecture.md, House rules). Invoices are the ledger's inputs, read as entered; the
 * provenance page still states the facts behind the period.
 */

const cents = (text: string) => Math.round(Number(text) * 100);

export const invoiceRegisterReport: ReportDefinition = {
  id: 5,
  name: 'Invoice register',
  description:
    'Every invoice whose billing period ends in the period: cost, GST, total and open bill-audit alerts.',
  type: 'VariableLength',
  outputs: ['xlsx', 'xls', 'csv', 'tdv', 'pipe'],
  levels: ['organisation', 'site-group', 'site', 'meter-group', 'meter'],
  tags: ['Finance', 'Invoices'],
  settings: [],
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    const invoices = await registerRows(
      ctx.db,
      ctx.org.id,
      ctx.asset.meterIds ?? ctx.meters.map((m) => m.id),
      period.start,
      period.end,
    );
    const provenance = await provenanceOf(ctx, this.name, { units: ['$ (NZD)'] });
    let cost = 0;
    let tax = 0;
    let alerts = 0;
    const rows: Row[] = invoices.map((i) => {
      cost += cents(i.cost);
      tax += cents(i.tax);
      alerts += i.alerts;
      return {
        cells: {
          number: i.invoice_number ?? '',
          date: i.invoice_date,
          from: i.date_from,
          till: i.date_till,
          meters: i.meters,
          sites: i.sites,
          retailer: i.retailer ?? '',
          kind: i.kind,
          read: i.estimated ? 'estimated' : (i.read_type ?? ''),
          cost: cents(i.cost) / 100,
          tax: cents(i.tax) / 100,
          total: (cents(i.cost) + cents(i.tax)) / 100,
          alerts: i.alerts,
        },
        flags: i.estimated ? { cost: 'estimated' } : undefined,
      };
    });
    if (rows.length > 0) {
      rows.push({
        cells: {
          number: `Total of ${rows.length} invoices`,
          cost: cost / 100,
          tax: tax / 100,
          total: (cost + tax) / 100,
          alerts,
        },
        total: true,
      });
    }
    return {
      title: this.name,
      subtitle: subtitleOf(ctx),
      blocks: [
        {
          kind: 'table',
          title: 'Invoices',
          sheet: 'Invoice register',
          primary: true,
          columns: [
            { key: 'number', label: 'Invoice number', width: 1.4 },
            { key: 'date', label: 'Invoice date', format: 'date' },
            { key: 'from', label: 'From', format: 'date' },
            { key: 'till', label: 'Till', format: 'date' },
            { key: 'meters', label: 'Data sources', width: 2 },
            { key: 'sites', label: 'Sites', width: 1.6 },
            { key: 'retailer', label: 'Retailer', width: 1.4 },
            { key: 'kind', label: 'Kind' },
            { key: 'read', label: 'Read' },
            { key: 'cost', label: 'Cost excluding GST', unit: '$', format: 'money' },
            { key: 'tax', label: 'GST', unit: '$', format: 'money' },
            { key: 'total', label: 'Total including GST', unit: '$', format: 'money' },
            { key: 'alerts', label: 'Open alerts', format: 'integer' },
          ],
          rows,
        },
      ],
      provenance,
      empty: invoices.length === 0,
    };
  },
};
