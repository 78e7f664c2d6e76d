import { ReportPdfButton } from '../../../components/report-pdf-button';

/** The benchmark PDF: the report catalogue's Benchmark report (id 6) for the entity, level and end month shown. */
export function BenchmarkPdfButton({
  entityId,
  level,
  endMonth,
}: {
  entityId: number | null;
  level: number;
  endMonth: string | null;
}) {
  return (
    <ReportPdfButton
      label="Download PDF"
      filename={`benchmark-${endMonth ?? 'latest'}.pdf`}
      body={
        entityId === null
          ? null
          : {
              id: 6,
              output: 'pdf',
              asset: { type: 'entity', id: entityId },
              settings: { level: String(level), endMonth: endMonth ?? null },
            }
      }
    />
  );
}
