import { addMonths, monthOf } from '@verdant/domain/calendar';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { organisations } from './schema/core';
import { procurementExpiries } from './schema/organisation';

/** The last day of the month `n` months after the month of `today`. */
const monthEnd = (today: string, n: number) => {
  const next = addMonths(monthOf(today), n + 1);
  return new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
};

/**
 * The demo organisation's settings page: details, subscription, alert settings, targets and the supply
 * contracts whose expiry it tracks. Dates run from `today` so the expiries stay in the future.
 */
export async function seedDemoOrganisation(
  tx: DbOrTx,
  {
    organisationId,
    sites,
    today,
  }: { organisationId: number; sites: { id: number; name: string }[]; today: string },
) {
  const kwh = await tx.execute<{ id: number }>(sql`
    select u.id from units u join data_types d on d.id = u.data_type_id
    where d.name = 'Electricity' and u.name = 'kWh' order by u.id limit 1`);
  await tx
    .update(organisations)
    .set({
      orgtypeId: 1,
      countryId: 554,
      poNumber: 'PO-2026-0142',
      dataPoNumber: 'PO-2026-0143',
      lastYearProductPo: 'PO-2025-0098',
      lastYearDataloadingPo: 'PO-2025-0099',
      subscriptionExpiry: monthEnd(today, 7),
      reportingUnitId: kwh.rows[0]?.id ?? null,
      // Load in kW, newest year first.
      loadId: 1,
      graphingOrder: 2,
      alertSettings: JSON.stringify({
        estimatesAlertEnabled: true,
        estimatesAlertCount: 3,
        nillConsumptionAlertEnabled: true,
        nillConsumptionAlertCount: 2,
      }),
      // Annual targets: about 10% below what the demo sites use and emit in a year.
      consTarget: '2400000',
      co2eTarget: '310000',
    })
    .where(eq(organisations.id, organisationId));

  const largest = sites[0]?.name ?? 'Head Office';
  await tx.insert(procurementExpiries).values(
    [
      { description: 'Electricity supply: all sites (Meridian, fixed price)', months: 4 },
      { description: 'Natural gas supply: pool and depots (Genesis)', months: 9 },
      { description: `Solar PPA: ${largest} rooftop array`, months: 30 },
      { description: 'Diesel and petrol fuel cards (Z Business)', months: 14 },
      { description: 'LPG bottle supply: parks facilities', months: -1 },
    ].map(({ description, months }) => ({
      organisationId,
      description,
      expiryDate: monthEnd(today, months),
    })),
  );
}
