import { ReportPdfButton } from '../../../components/report-pdf-button';

/** The commissioning PDF: the report catalogue's Commissioning report (id 7) for the year shown. */
export function CommissioningPdfButton({ year }: { year: number | null }) {
  return (
    <ReportPdfButton
      label="Download PDF"
      filename={`commissioning-${year ?? 'latest'}.pdf`}
      body={
        year === null
          ? null
          : { id: 7, output: 'pdf', asset: { type: 'organisation', id: null }, settings: { year } }
      }
    />
  );
}
