import type { DbOrTx } from '@verdant/db/client';
import { factRestatements } from '@verdant/db/ledger/read-model-restatements';
import { restatedRow } from '@verdant/domain/editions/editions-text';

/**
 * The closing line of an export of kg CO2e read as they stand, over some meters and ranges of months ('yyyy-MM'):
 * which figures they are (the restatements done that replaced some of them) and the editions that produced them,
 * as the export gathered them (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as
 * originally reported). `width` cells, the first the words, the rest blank.
 */
export async function restatedRowOf(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[],
  ranges: readonly { start: string | null; end: string | null }[],
  editions: readonly { name: string }[],
  width: number,
): Promise<string[]> {
  // The request's ranges are checked whole (start and end) before anything is written.
  const months = ranges
    .flatMap((r) => [r.start, r.end])
    .filter((m): m is string => !!m)
    .sort();
  const restated = await factRestatements(db, {
    organisationId,
    from: `${months[0]}-01`,
    till: `${months.at(-1)}-01`,
    visible: meterIds,
  });
  return restatedRow(restated, editions, width);
}
