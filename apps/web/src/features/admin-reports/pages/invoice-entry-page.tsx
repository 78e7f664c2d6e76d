import { Select } from '@mantine/core';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { InvoiceEntryReport, type InvoiceEntryView } from '../../../components/invoice-entry-report';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSetQuery } from '../../../lib/use-set-query';
import { useEnergiesMeasured, useRetailers } from '../api';

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * /admin-reports/invoice-entry (data-portal.md 2.9): the Invoice Entry Report of every data source in the
 * report, by day or by data source (`view`), of one data type (`energy`) or retailer (`retailer`), for a year
 * (`year`), all kept in the address.
 */
export function InvoiceEntryPage() {
  useDocumentTitle('Invoice Entry Report');
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const view: InvoiceEntryView = params.get('view') === 'day' ? 'day' : 'data-source';
  const energy = idOf(params.get('energy'));
  const retailer = idOf(params.get('retailer'));
  const year = idOf(params.get('year')) ?? dayjs().year();
  // Only what the organisation measures: choosing a data type none of its data sources has would list nothing.
  const energies = useEnergiesMeasured();
  const retailers = useRetailers();
  const set = (key: string, value: string | null) => setQuery({ [key]: value });

  return (
    <>
      <PageHeader
        title="Invoice Entry Report"
        description="How fully invoices are entered for the data sources in the invoice report, by data source or by day."
      />
      <InvoiceEntryReport
        source={{ kind: 'filter', energy, retailer }}
        view={view}
        onView={(v) => set('view', v === 'day' ? 'day' : null)}
        year={year}
        onYear={(y) => set('year', y === dayjs().year() ? null : String(y))}
        controls={
          <>
            <Select
              label="Data type"
              placeholder="All"
              searchable
              clearable
              w={220}
              value={energy === null ? null : String(energy)}
              data={(energies.data ?? []).map((e) => ({ value: String(e.id), label: e.energyDescr }))}
              onChange={(v) => set('energy', v)}
            />
            <Select
              label="Retailer"
              placeholder="All"
              searchable
              clearable
              w={200}
              value={retailer === null ? null : String(retailer)}
              data={(retailers.data ?? []).map((r) => ({
                value: String(r.retailerId),
                label: r.retailerDescr,
              }))}
              onChange={(v) => set('retailer', v)}
            />
          </>
        }
      />
    </>
  );
}
