import { dollars } from './shared';
import type { Audit, AuditItem } from './types';

/** An item total more than 1 % (at least a cent) from rate x units x factor x repeat, or flagged on entry. */
export function itemOff(item: AuditItem): boolean {
  if (item.arithmeticError) return true;
  if (item.calculatedCents === null) return false;
  const allowed = Math.max(1, Math.abs(item.calculatedCents) / 100);
  return Math.abs(item.totalCents - item.calculatedCents) > allowed;
}

export const arithmetic: Audit = {
  code: 'arithmetic',
  name: 'Arithmetic errors',
  explanation:
    "Recomputes each line item from its rate, units, factor and repeat and alerts when a total is more than 1% (at least a cent) away, or was accepted on entry as an arithmetic error: the retailer's sums should be right to the cent.",
  run({ invoice }) {
    const off = invoice.items.filter(itemOff);
    const first = off[0];
    if (!first) return null;
    const what = first.description ? `'${first.description}'` : 'an item';
    const calc = first.calculatedCents === null ? '' : ` (calculated ${dollars(first.calculatedCents)})`;
    const more = off.length > 1 ? ` and ${off.length - 1} more item${off.length > 2 ? 's' : ''}` : '';
    return {
      audit: 'arithmetic',
      message: `Arithmetic error on ${what}: ${dollars(first.totalCents)}${calc}${more}`,
    };
  },
};
