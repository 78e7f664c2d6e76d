import { addMonths, monthOf } from '@verdant/domain/calendar';
import { TOU_DAY_TYPES, TOU_TIME_PERIODS } from '@verdant/domain/rates/tou';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { demoNhhRates, demoTouRate } from './demo-rates';
import { sumFacts } from './ledger/read-model';
import { meters } from './schema/assets';
import { assetGroupMembers, assetGroups } from './schema/groups';
import { nhhRates, ppdContracts, ppdRates, touContracts, touRates } from './schema/rates';
import { groupTargets, targets } from './schema/targets';

const PPD_METERS = ['Head Office Main supply', 'Civic Library Main supply'];

const co2eOf = async (tx: DbOrTx, organisationId: number, year: number, siteIds?: number[]) => {
  const [row] = await sumFacts(tx, {
    organisationId,
    by: [],
    from: `${year}-01-01`,
    till: `${year}-12-01`,
    visible: null,
    ...(siteIds ? { siteIds } : {}),
  });
  return row?.co2e ?? 0;
};

/**
 * Demo targets and rates (docs/decisions/demo.md, The target's baseline is in the ledger): the organisation's
 * 30% CO2e by 2030 target from last calendar year's baseline and profile, both derived from the ledger, the
 * Depots group's own targets, a TOU contract with monthly rates for the smart (TOU) meters from the month
 * their half-hour data starts (13 months), NHH rates for last year and this (demo-rates.ts, which also prices
 * the demo's invoices), and a prompt-payment discount contract. Runs after the ledger.
 */
export async function seedDemoTargetsAndRates(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const lastYear = Number(today.slice(0, 4)) - 1;
  // The baseline is last calendar year, the first whole year the ledger holds every demo input (the fleet's
  // purchases start two years back), derived from the ledger, so every performance report has real figures.
  const finalYear = Math.max(2030, lastYear + 4);
  await tx.insert(targets).values({
    organisationId,
    name: `30% CO2e by ${finalYear}`,
    spec: {
      baselineYear: lastYear,
      baselineYearEnd: 'CY',
      consFrom: 'DERIVE',
      baselineCons: null,
      profileFrom: 'DERIVE',
      profile: null,
      targets: [
        { perc: 15, year: lastYear + 3 },
        { perc: 30, year: finalYear },
      ],
    },
  });
  const [depots] = await tx
    .select({ id: assetGroups.id })
    .from(assetGroups)
    .where(and(eq(assetGroups.organisationId, organisationId), eq(assetGroups.name, 'Depots')));
  if (depots) {
    const members = await tx
      .select({ siteId: assetGroupMembers.assetId })
      .from(assetGroupMembers)
      .where(eq(assetGroupMembers.groupId, depots.id));
    const depotCo2e = await co2eOf(
      tx,
      organisationId,
      lastYear,
      members.map((m) => m.siteId),
    );
    const [cons] = await sumFacts(tx, {
      organisationId,
      by: [],
      from: `${lastYear}-01-01`,
      till: `${lastYear}-12-01`,
      visible: null,
      siteIds: members.map((m) => m.siteId),
    });
    await tx.insert(groupTargets).values({
      organisationId,
      groupId: depots.id,
      co2eTarget: String(Math.round(depotCo2e * 0.9)),
      consTarget: String(Math.round((cons?.cons ?? 0) * 0.95)),
    });
  }

  const [tou] = await tx
    .insert(touContracts)
    .values({ organisationId, name: 'Metro Energy TOU' })
    .returning();
  if (!tou) throw new Error('demo TOU contract not inserted');
  const lastMonth = addMonths(monthOf(today), -1);
  const rows: (typeof touRates.$inferInsert)[] = [];
  for (let i = 12; i >= 0; i--) {
    const month = addMonths(lastMonth, -i);
    for (const p of TOU_TIME_PERIODS)
      for (const d of TOU_DAY_TYPES)
        rows.push({
          organisationId,
          contractId: tou.id,
          month,
          periodId: p.id,
          daytypeId: d.id,
          contractedRate: demoTouRate(month, p.descr, d.daytypeDescr).toFixed(4),
        });
  }
  await tx.insert(touRates).values(rows);
  await tx
    .update(meters)
    .set({ touContractId: tou.id })
    .where(
      and(
        eq(meters.organisationId, organisationId),
        eq(meters.smartMetering, true),
        isNull(meters.deletedAt),
      ),
    );

  await tx.insert(nhhRates).values(
    demoNhhRates(today).map((r) => ({
      organisationId,
      startDate: r.from,
      endDate: r.till,
      retailRate: String(r.retail),
      networkRate: String(r.network),
    })),
  );

  const [ppd] = await tx
    .insert(ppdContracts)
    .values({ organisationId, name: 'Prompt payment 2%' })
    .returning();
  if (!ppd) throw new Error('demo PPD contract not inserted');
  await tx.insert(ppdRates).values({
    organisationId,
    contractId: ppd.id,
    fromDate: `${lastYear}-01-01`,
    toDate: `${lastYear + 1}-12-31`,
    rate: '2',
  });
  await tx
    .update(meters)
    .set({ ppdContractId: ppd.id })
    .where(and(eq(meters.organisationId, organisationId), inArray(meters.localName, PPD_METERS)));
}
