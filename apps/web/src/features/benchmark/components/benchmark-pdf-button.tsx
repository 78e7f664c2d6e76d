/** The benchmark PDF (the report catalogue's benchmark report); added with the report definition. */
export function BenchmarkPdfButton(_: { entityId: number | null; level: number; endMonth: string | null }) {
  return null;
}
