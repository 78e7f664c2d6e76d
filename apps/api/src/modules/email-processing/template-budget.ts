import vm from 'node:vm';
import {
  readWithTemplate,
  recognises,
  type TemplatePatterns,
  type TemplateRead,
} from '@verdant/domain/email-processing/template-read';

/**
 * How long a template's patterns may run on one document. Patterns are product administrators' regular
 * expressions: one that backtracks without end would hold the worker, so each read runs under V8's own
 * execution time-out (docs/decisions/email-intake.md, Templates).
 */
export const TEMPLATE_BUDGET_MS = 1_000;

export const TIMED_OUT = `the template's patterns ran longer than ${TEMPLATE_BUDGET_MS / 1000} s on this document`;

/** Runs `work` under the budget; undefined when it ran out. */
function withinBudget<T>(work: () => T): T | undefined {
  try {
    return vm.runInNewContext('work()', { work }, { timeout: TEMPLATE_BUDGET_MS }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw error;
  }
}

/** The template's read of the text; a read that ran out of time finds nothing and says so. */
export function boundedRead(text: string, patterns: TemplatePatterns): TemplateRead & { timedOut: boolean } {
  const read = withinBudget(() => readWithTemplate(text, patterns));
  if (read) return { ...read, timedOut: false };
  return {
    found: {},
    lines: [],
    missing: [],
    totalsAddUp: null,
    invalid: [{ field: 'patterns', error: TIMED_OUT }],
    timedOut: true,
  };
}

/** Whether the template answers for the document; one whose `identify` runs out of time does not. */
export function boundedRecognises(...args: Parameters<typeof recognises>): boolean {
  return withinBudget(() => recognises(...args)) ?? false;
}
