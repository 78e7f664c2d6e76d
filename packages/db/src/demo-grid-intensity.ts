import { addMonths, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { sampleIntensity } from '@verdant/domain/grid-intensity';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { gridIntensitySeries } from './schema/scope2';

export const SAMPLE_SERIES_NAME = 'Sample: New Zealand grid intensity (synthetic, not official data)';

/**
 * The demo's grid intensity series (docs/decisions/demo.md, Scope 2 instruments and a sample grid intensity
 * series), so time-matched scope 2 can be seen: hourly, for every New Zealand region on the grid, from
 * fourteen months ago to tomorrow, by the documented formula of `sampleIntensity`
 * (packages/domain/src/grid-intensity.ts). It is a made-up shape, not measured or published data, and says so
 * in its name, source and sample flag.
 */
export async function seedDemoGridIntensity(db: DbOrTx, today: string) {
  const first = toDayNumber(addMonths(monthOf(today), -14));
  const last = toDayNumber(today) + 1;
  const starts: number[] = [];
  const values: number[] = [];
  for (let day = first; day <= last; day++) {
    const month = Number(fromDayNumber(day).slice(5, 7));
    for (let hour = 0; hour < 24; hour++) {
      // New Zealand standard time (+12:00) all year, as the half-hour data is stored.
      starts.push((day * 24 + hour - 12) * 3_600_000);
      values.push(sampleIntensity(hour, month));
    }
  }
  const [row] = await db
    .insert(gridIntensitySeries)
    .values({
      name: SAMPLE_SERIES_NAME,
      source:
        "Synthetic sample made for the demo: a daily shape (morning and evening peaks, a night trough) and a winter high around 0.07 kg CO2e/kWh. Not measured or published data; load a real series (such as the system operator's) to report with.",
      notes:
        'Formula: 0.07 x (1 + 0.30 e^-((h-8)^2/4) + 0.45 e^-((h-18.5)^2/4.5) - 0.25 e^-((h-3)^2/8)) x (1 + 0.30 cos(2 pi (month - 7) / 12)), h the NZ standard-time hour.',
      sample: true,
      regionIds: Array.from({ length: 16 }, (_, i) => i + 1),
      intervalMinutes: 60,
    })
    .returning({ id: gridIntensitySeries.id });
  await db.execute(sql`
    insert into grid_intensity_points (series_id, starts_at, intensity)
    select ${row?.id ?? 0}, to_timestamp(t / 1000.0), v
    from unnest(${sql.param(starts)}::float8[], ${sql.param(values)}::float8[]) as x(t, v)`);
}
