/**
 * "Factors: MfE 2025, MfE 2026": the editions of emission factors that produced a figure's kg CO2e, in words
 * (docs/decisions/factor-editions.md, Which edition produced a figure), the same on screen and in downloads.
 */
export function editionsText(editions: readonly { name: string }[]): string {
  return editions.length === 0
    ? 'Factors: none recorded for these figures'
    : `Factors: ${editions.map((e) => e.name).join(', ')}`;
}
