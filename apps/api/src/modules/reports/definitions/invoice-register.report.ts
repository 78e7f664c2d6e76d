import type { ReportDefinition } from '../report-definition';
import type { Row } from '../report-document';
import { displayDate } from '../report-format';
import { billsOf, coverageIssues } from './bill-coverage';
import {
  exceptionRows,
  lineRows,
  type RegisterScope,
  registerCount,
  registerIds,
  registerRows,
} from './invoice-register.queries';
import { provenanceOf, subtitleOf } from './report-kit';

/**
 * Invoice register (XLSX and CSV): every invoice of the asset's meters whose billing period ends in the
 * period, with its cost excluding GST, GST, total and open bill-audit alerts, and a total row; then every line
 * of those invoices, their bill-audit exceptions, and the days each billed meter has no bill or two
 * (docs/decisions/reports.md, Invoice register). Money is summed in cents (docs/architecture.md, House
 * rules). The invoices and their lines are read a batch at a time while the file is written, so a register
 * of 72,000 invoices is streamed, never held. Invoices are the ledger's inputs, read as entered.
 */

const cents = (text: string | null) => (text === null ? 0 : Math.round(Number(text) * 100));
const AUDIT_STATUS: Record<string, string> = {
  pending: 'Unreviewed',
  deleted: "Won't send",
  scheduled: 'Scheduled for send',
  sent: 'Sent',
};

/** The register's invoices (their ids in billing order) and where to read them. */
type Listed = { db: Parameters<typeof registerRows>[0]; organisationId: number; invoiceIds: number[] };

async function* invoices(s: Listed): AsyncIterable<Row> {
  let cost = 0;
  let tax = 0;
  let alerts = 0;
  let n = 0;
  for await (const i of registerRows(s.db, s.organisationId, s.invoiceIds)) {
    cost += cents(i.cost);
    tax += cents(i.tax);
    alerts += i.alerts;
    n += 1;
    yield {
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
  }
  if (n > 0) {
    yield {
      cells: {
        number: `Total of ${n} invoices`,
        cost: cost / 100,
        tax: tax / 100,
        total: (cost + tax) / 100,
        alerts,
      },
      total: true,
    };
  }
}

async function* lines(s: Listed): AsyncIterable<Row> {
  for await (const l of lineRows(s.db, s.organisationId, s.invoiceIds)) {
    yield {
      cells: {
        number: l.invoice_number ?? '',
        till: l.date_till,
        category: l.category,
        chargeType: l.charge_type ?? '',
        description: l.description ?? '',
        tou: l.tou_period ?? '',
        rate: l.rate === null ? null : Number(l.rate),
        units: l.units === null ? null : Number(l.units),
        total: cents(l.total) / 100,
        taxExempt: l.tax_exempt ? 'yes' : '',
        check: l.arithmetic_error ? 'rate × units differs from the total' : '',
      },
    };
  }
}

async function* exceptions(s: Listed): AsyncIterable<Row> {
  for await (const a of exceptionRows(s.db, s.organisationId, s.invoiceIds)) {
    yield {
      cells: {
        number: a.invoice_number ?? '',
        till: a.date_till,
        meter: a.meter,
        audit: a.audit,
        message: a.message,
        status: AUDIT_STATUS[a.status] ?? a.status,
      },
    };
  }
}

export const invoiceRegisterReport: ReportDefinition = {
  id: 5,
  name: 'Invoice register',
  description:
    'Every invoice whose billing period ends in the period with its lines, GST and bill-audit exceptions, and missing or overlapping bills.',
  type: 'VariableLength',
  outputs: ['xlsx', 'xls', 'csv', 'tdv', 'pipe'],
  levels: ['organisation', 'site-group', 'site', 'meter-group', 'meter'],
  tags: ['Finance', 'Invoices'],
  settings: [],
  estimate: (ctx) => {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    return registerCount(ctx.db, {
      organisationId: ctx.org.id,
      meterIds: ctx.meterIds,
      from: period.start,
      till: period.end,
    });
  },
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    const meterIds = ctx.asset.meterIds ?? ctx.meters.map((m) => m.id);
    const scope: RegisterScope = {
      organisationId: ctx.org.id,
      meterIds: ctx.asset.meterIds === null ? null : meterIds,
      from: period.start,
      till: period.end,
    };
    // Coverage runs to yesterday at the latest: today's bill cannot be missing yet.
    const yesterday = new Date(Date.parse(`${ctx.org.today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const coverTill = period.end < yesterday ? period.end : yesterday;
    const [invoiceIds, provenance, billed] = await Promise.all([
      registerIds(ctx.db, scope),
      provenanceOf(ctx, this.name, { units: ['$ (NZD)'] }),
      billsOf(ctx.db, ctx.org.id, meterIds, period.start, coverTill),
    ]);
    const coverage: Row[] = coverageIssues(billed.meters, billed.bills, period.start, coverTill).map((c) => ({
      cells: {
        meter: c.meter.name,
        site: c.meter.site,
        kind: c.kind,
        from: c.from,
        till: c.till,
        days: c.days,
        bills: c.bills,
      },
    }));
    const count = invoiceIds.length;
    const s: Listed = { db: ctx.db, organisationId: ctx.org.id, invoiceIds };
    return {
      title: this.name,
      subtitle: subtitleOf(ctx),
      blocks: [
        {
          kind: 'figures',
          items: [
            { label: 'Invoices', value: count.toLocaleString('en-NZ') },
            {
              label: 'Billing periods ending',
              value: `${displayDate(period.start)} to ${displayDate(period.end)}`,
            },
            {
              label: 'Missing or overlapping bills',
              value: coverage.length.toLocaleString('en-NZ'),
              note: `over ${billed.meters.length.toLocaleString('en-NZ')} billed data sources`,
            },
          ],
        },
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
          rows: invoices(s),
        },
        {
          kind: 'table',
          title: 'Invoice lines',
          sheet: 'Lines',
          columns: [
            { key: 'number', label: 'Invoice number', width: 1.4 },
            { key: 'till', label: 'Till', format: 'date' },
            { key: 'category', label: 'Category' },
            { key: 'chargeType', label: 'Charge type', width: 1.4 },
            { key: 'description', label: 'Description', width: 2 },
            { key: 'tou', label: 'Time of use' },
            { key: 'rate', label: 'Rate', unit: 'c/unit', format: 'number', decimals: 4 },
            { key: 'units', label: 'Units', format: 'number', decimals: 2 },
            { key: 'total', label: 'Total excluding GST', unit: '$', format: 'money' },
            { key: 'taxExempt', label: 'GST exempt' },
            { key: 'check', label: 'Check', width: 1.6 },
          ],
          rows: lines(s),
          empty: 'None of these invoices has lines.',
        },
        {
          kind: 'table',
          title: 'Bill-audit exceptions',
          sheet: 'Bill-audit exceptions',
          columns: [
            { key: 'number', label: 'Invoice number', width: 1.4 },
            { key: 'till', label: 'Till', format: 'date' },
            { key: 'meter', label: 'Data source', width: 1.6 },
            { key: 'audit', label: 'Audit' },
            { key: 'message', label: 'Exception', width: 3 },
            { key: 'status', label: 'Status' },
          ],
          rows: exceptions(s),
          empty: 'The bill audit raised nothing on these invoices.',
        },
        {
          kind: 'table',
          title: 'Missing or overlapping bills',
          sheet: 'Missing or overlapping',
          columns: [
            { key: 'meter', label: 'Data source', width: 1.6 },
            { key: 'site', label: 'Site', width: 1.4 },
            { key: 'kind', label: 'What' },
            { key: 'from', label: 'From', format: 'date' },
            { key: 'till', label: 'Till', format: 'date' },
            { key: 'days', label: 'Days', format: 'integer' },
            { key: 'bills', label: 'Bills', width: 2 },
          ],
          rows: coverage,
          empty: 'Every billed data source has one bill for every day of the period.',
          note: 'Each billed data source from its open date (or the period’s start) to its close date (or yesterday); reversed bills are left out.',
        },
      ],
      provenance,
      empty: count === 0,
    };
  },
};
