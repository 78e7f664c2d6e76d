/** The commissioning PDF (the report catalogue's commissioning report); added with the report definition. */
export function CommissioningPdfButton(_: { year: number | null }) {
  return null;
}
