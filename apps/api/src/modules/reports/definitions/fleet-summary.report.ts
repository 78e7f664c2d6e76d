import { sumFacts } from '@verdant/db/ledger/read-model';
import { intArray } from '@verdant/db/sql-arrays';
import { monthOf } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { REPORT_COLOURS } from '../report-colours';
import type { ReportDefinition } from '../report-definition';
import type { Row } from '../report-document';
import { BASIS_SETTING, basisOf, completenessWarning, flagOf, provenanceOf, subtitleOf } from './report-kit';

/**
 * Fleet summary (PDF, XLSX, CSV): each vehicle of the asset with its distance, fuel, efficiency beside the
 * efficiency asked of it, cost and emissions (docs/decisions/reports.md, Fleet summary). A vehicle's figures
 * are its meters' own (the read model with `totals: false`), as the fleet pages show them: fuel in its data
 * type's unit, distance from its distance meter. A vehicle shows when the caller may see its fuel meter.
 */

type VehicleRow = {
  id: number;
  registration: string;
  make: string;
  model: string;
  desired_eff: string;
  site: string;
  cons_meter_id: number;
  distance_meter_id: number;
  /** The fuel meter's own unit (litres for petrol and diesel) and its factor to the standard unit. */
  fuel_unit: string | null;
  to_std: number | null;
};

const per100 = (fuel: number | null, km: number | null) => (fuel === null || !km ? null : (fuel / km) * 100);

export const fleetSummaryReport: ReportDefinition = {
  id: 9,
  name: 'Fleet summary',
  description: 'Each vehicle: distance, fuel, efficiency against its target, cost and emissions per km.',
  type: 'VariableMonth',
  outputs: ['pdf', 'xlsx', 'csv'],
  levels: ['organisation', 'site', 'vehicle'],
  tags: ['Fleet', 'Carbon'],
  settings: [BASIS_SETTING],
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    const fuelMeters = ctx.meters.map((m) => m.id);
    const vehicles =
      fuelMeters.length === 0
        ? []
        : (
            await ctx.db.execute<VehicleRow>(sql`
              select v.id, v.registration, v.make, v.model, v.desired_eff::text, s.name as site,
                v.cons_meter_id, v.distance_meter_id, u.name as fuel_unit,
                u.conversion_to_standard::float8 as to_std
              from vehicles v join sites s on s.organisation_id = v.organisation_id and s.id = v.site_id
              join meters fm on fm.organisation_id = v.organisation_id and fm.id = v.cons_meter_id
              left join units u on u.id = fm.unit_id
              where v.organisation_id = ${ctx.org.id} and v.deleted_at is null
                and v.cons_meter_id = any(${intArray(fuelMeters)})
              order by v.registration`)
          ).rows;
    const query = (meters: number[]) => ({
      organisationId: ctx.org.id,
      by: ['meter' as const],
      from: monthOf(period.start),
      till: monthOf(period.end),
      visible: meters,
      totals: false,
      basis: basisOf(ctx),
    });
    const [fuel, distance, provenance] = await Promise.all([
      vehicles.length ? sumFacts(ctx.db, query(vehicles.map((v) => v.cons_meter_id))) : [],
      vehicles.length ? sumFacts(ctx.db, query(vehicles.map((v) => v.distance_meter_id))) : [],
      // The provenance and its completeness count the vehicles' fuel meters, not the asset's other meters.
      provenanceOf(
        {
          ...ctx,
          meters: ctx.meters.filter((m) => vehicles.some((v) => v.cons_meter_id === m.id)),
          asset: { ...ctx.asset, meterIds: vehicles.map((v) => v.cons_meter_id) },
        },
        this.name,
        { units: ['km', 'L or kWh (fuel)', '$ excluding GST', 'kg CO2e'] },
      ),
    ]);
    const fuelOf = new Map(fuel.map((r) => [Number(r.meter_id), r]));
    const kmOf = new Map(distance.map((r) => [Number(r.meter_id), r]));
    const meterOf = new Map(ctx.meters.map((m) => [m.id, m]));
    let km = 0;
    let cost = 0;
    let co2e = 0;
    const rows: Row[] = vehicles.map((v) => {
      const f = fuelOf.get(v.cons_meter_id);
      const d = kmOf.get(v.distance_meter_id);
      const meter = meterOf.get(v.cons_meter_id);
      km += d?.cons ?? 0;
      cost += Math.round((f?.cost ?? 0) * 100);
      co2e += f?.co2e ?? 0;
      // The read model counts fuel in its standard unit (kWh for petrol and diesel); the efficiency asked of
      // a vehicle is in its meter's own unit (litres per 100 km), so the fuel is shown in that unit.
      const quantity = f ? f.cons / (v.to_std || 1) : null;
      const unit = v.fuel_unit ?? meter?.std_unit ?? '';
      return {
        cells: {
          vehicle: v.registration,
          model: `${v.make} ${v.model}`,
          site: v.site,
          fuel: unit ? `${meter?.data_type ?? ''} (${unit})` : (meter?.data_type ?? ''),
          km: d ? d.cons : null,
          quantity,
          efficiency: per100(quantity, d?.cons ?? null),
          desired: Number(v.desired_eff),
          cost: f ? f.cost : null,
          co2e: f ? f.co2e : null,
          perKm: f && d?.cons ? f.co2e / d.cons : null,
        },
        flags: {
          km: flagOf(d, 'cons'),
          quantity: flagOf(f, 'cons'),
          cost: flagOf(f, 'cost'),
          co2e: flagOf(f, 'co2e'),
        },
      };
    });
    const total: Row = {
      cells: { vehicle: 'Total', km, cost: cost / 100, co2e, perKm: km ? co2e / km : null },
      total: true,
    };
    const warning = completenessWarning(provenance, ['Energy', 'Emissions']);
    return {
      title: this.name,
      subtitle: subtitleOf(ctx),
      blocks: [
        ...(warning ? [warning] : []),
        {
          kind: 'figures',
          items: [
            { label: 'Vehicles', value: String(rows.length) },
            { label: 'Distance', value: `${Math.round(km).toLocaleString('en-NZ')} km` },
            { label: 'Emissions', value: `${Math.round(co2e).toLocaleString('en-NZ')} kg CO2e` },
            {
              label: 'Emissions per km',
              value: km ? `${(co2e / km).toFixed(3)} kg CO2e/km` : '–',
            },
          ],
        },
        {
          kind: 'chart',
          title: 'Emissions by vehicle (kg CO2e)',
          height: Math.min(320, 40 + rows.length * 18),
          option: {
            grid: { left: 80, right: 16, top: 8, bottom: 24 },
            xAxis: { type: 'value', axisLabel: { fontSize: 8 } },
            yAxis: { type: 'category', inverse: true, data: vehicles.map((v) => v.registration) },
            series: [
              {
                type: 'bar',
                data: rows.map((r) => (r.cells.co2e === null ? null : Math.round(Number(r.cells.co2e)))),
                itemStyle: { color: REPORT_COLOURS.current },
              },
            ],
          },
        },
        {
          kind: 'table',
          title: 'Vehicles',
          sheet: 'Vehicles',
          primary: true,
          columns: [
            { key: 'vehicle', label: 'Vehicle', width: 1 },
            { key: 'model', label: 'Make and model', width: 1.5 },
            { key: 'site', label: 'Site', width: 1.1 },
            { key: 'fuel', label: 'Fuel', width: 1.1 },
            { key: 'km', label: 'Distance', unit: 'km', format: 'number', width: 1.1 },
            { key: 'quantity', label: 'Fuel used', format: 'number', decimals: 1, width: 1.1 },
            { key: 'efficiency', label: 'Per 100 km', format: 'number', decimals: 2, width: 1.1 },
            { key: 'desired', label: 'Asked per 100 km', format: 'number', decimals: 2, width: 1.2 },
            { key: 'cost', label: 'Cost', unit: '$', format: 'money', width: 1.1 },
            { key: 'co2e', label: 'Emissions', unit: 'kg CO2e', format: 'number', width: 1.2 },
            { key: 'perKm', label: 'Per km', unit: 'kg CO2e', format: 'number', decimals: 3, width: 1.1 },
          ],
          rows: rows.length ? [...rows, total] : [],
          empty: 'No vehicles in this asset.',
          note: "Fuel used is in the fuel meter's own unit (litres, or kWh for an electric vehicle), as the efficiency asked of the vehicle is; per 100 km divides it by the distance.",
        },
      ],
      provenance,
      empty: fuel.length === 0 && distance.length === 0,
    };
  },
};
