import type { RefusalSummary } from '@verdant/contracts/imports';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';
import type { UnknownKey } from './meter-index';
import { REPORT_LIMIT, type Refusals } from './refusals';

/** Reasons kept with a load beside its unknown data sources (the error report has the rows). */
const REASONS_KEPT = 100;

/**
 * What a refused load says and keeps (docs/decisions/imports.md, Refusals name rows): every data source the file
 * names that the organisation does not have, once, with its rows; the other reasons with theirs; and a message
 * that says what to do. A file whose format was recognised is never said to be in the wrong format.
 */
export function describeRefusals(
  refusals: Refusals,
  unknown: UnknownKey[],
): { message: string; summary: RefusalSummary } {
  const unknownMeters = unknown
    .map((u) => ({ key: u.key, context: u.context, label: u.label, rows: refusals.rowsOf(u.reason) }))
    .filter((u) => u.rows > 0);
  const unknownReasons = new Set(unknown.map((u) => u.reason));
  const others = refusals.summary().filter((r) => !unknownReasons.has(r.reason));
  const count = refusals.count.toLocaleString('en');
  let message: string;
  if (unknownMeters.length > 0) {
    const n = unknownMeters.length;
    message = fill(IMPORT_MSG.unknownMeters, {
      count,
      meters: n === 1 ? '1 data source' : `${n.toLocaleString('en')} data sources`,
      are: n === 1 ? 'is' : 'are',
    });
    if (others.length > 0) message += ` ${IMPORT_MSG.otherReasons}`;
  } else if (refusals.count > REPORT_LIMIT)
    message = fill(IMPORT_MSG.tooManyRefused, { count, limit: REPORT_LIMIT.toLocaleString('en') });
  else message = fill(IMPORT_MSG.rowsRefused, { count: refusals.count });
  return { message, summary: { unknownMeters, reasons: others.slice(0, REASONS_KEPT) } };
}
