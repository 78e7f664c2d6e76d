import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { recomputeFacts } from './ledger/recompute';
import { meters } from './schema/assets';
import { scope2Instruments } from './schema/scope2';

/**
 * The demo's market-based scope 2 instruments (docs/decisions/demo.md, Scope 2 instruments and a sample grid
 * intensity series): certificates for part of Aquatic Centre Main supply's electricity last calendar year,
 * and a supplier-specific factor on Water Treatment Plant Intake pumps. Both are made up for the
 * demonstration and say so; no real certificate or disclosure is meant.
 */
export async function seedDemoScope2(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const year = Number(today.slice(0, 4)) - 1;
  const named = await tx
    .select({ id: meters.id, name: meters.localName })
    .from(meters)
    .where(
      and(
        eq(meters.organisationId, organisationId),
        inArray(meters.localName, ['Aquatic Centre Main supply', 'Water Treatment Plant Intake pumps']),
      ),
    );
  const id = (name: string) => named.find((m) => m.name === name)?.id;
  const aquatic = id('Aquatic Centre Main supply');
  const intake = id('Water Treatment Plant Intake pumps');
  if (aquatic === undefined || intake === undefined) throw new Error('demo electricity meters missing');
  await tx.insert(scope2Instruments).values([
    {
      organisationId,
      kind: 'certificates',
      meterId: aquatic,
      dateFrom: `${year}-01-01`,
      dateTill: `${year}-12-31`,
      mwh: '300.000',
      rate: '0',
      reference: 'Demo: certificates for renewable generation (not a real certificate)',
    },
    {
      organisationId,
      kind: 'supplier-factor',
      meterId: intake,
      dateFrom: `${year}-01-01`,
      dateTill: `${year}-12-31`,
      rate: '0.0450000000',
      reference: 'Demo: a supplier-specific factor as a retailer might disclose it (made up)',
    },
  ]);
  await recomputeFacts(tx, [aquatic, intake], today);
}
