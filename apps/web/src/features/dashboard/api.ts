import { type FigureBasis, type Measure, dashboardOperations as ops } from '@verdant/contracts/dashboard';
import { useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** Figures change only when data is entered, so a few minutes' cache makes switching measures instant. */
const STALE_MS = 5 * 60_000;
const YEARLY = { cons: ops.yearlyCons, cost: ops.yearlyCost, co2e: ops.yearlyCo2e } as const;

/** Every key carries the organisation, so a switch never shows the previous organisation's figures. */
function useReady() {
  return useOrganisationId() !== null;
}

/**
 * Only kg CO2e are ever restated, so only they ask for the original basis; the restated answer's key stays the
 * one every card shares (docs/decisions/factor-editions.md, The dashboard as originally reported).
 */
const basisQuery = (measure: Measure, basis: FigureBasis) =>
  measure === 'co2e' && basis === 'original' ? { query: { basis } } : {};

export function useYearlyComparison(measure: Measure, basis: FigureBasis = 'restated') {
  const ready = useReady();
  return useOperation(YEARLY[measure], ready ? basisQuery(measure, basis) : null, { staleTime: STALE_MS });
}

export function useMonthlySavings(measure: Measure, basis: FigureBasis = 'restated') {
  const ready = useReady();
  return useOperation(
    ops.monthlySavings,
    ready ? { params: { type: measure }, ...basisQuery(measure, basis) } : null,
    { staleTime: STALE_MS },
  );
}

export function useGainersAndLosers() {
  const ready = useReady();
  return useOperation(ops.gainersAndLosers, ready ? {} : null, { staleTime: STALE_MS });
}
