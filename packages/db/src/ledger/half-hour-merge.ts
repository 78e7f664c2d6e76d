import type pg from 'pg';

/**
 * Merges the staged days into `half_hour_days` for the organisation: a new value wins half hour by half hour,
 * an absent (null) one keeps what was stored, and each half hour keeps the quality of the value it holds.
 * Registers must exist (`ensureRegisters`). Answers the days written and the meters they belong to; the caller
 * recomputes those meters' facts in the same transaction.
 */
export async function mergeStage(
  client: pg.ClientBase,
  organisationId: number,
): Promise<{ days: number; meterIds: number[] }> {
  const merged = await client.query(MERGE, [organisationId]);
  const meters = await client.query<{ meter_id: number }>(
    'select distinct meter_id from half_hour_stage order by meter_id',
  );
  return { days: merged.rowCount ?? 0, meterIds: meters.rows.map((r) => r.meter_id) };
}

/** Registers first seen in the stage import kWh (a register of another kind is defined before its readings). */
export async function ensureRegisters(client: pg.ClientBase, organisationId: number): Promise<void> {
  await client.query(
    `insert into half_hour_registers (organisation_id, meter_id, register, direction, quantity)
     select distinct $1::int, meter_id, register, 'import', 'kWh' from half_hour_stage on conflict do nothing`,
    [organisationId],
  );
}

/**
 * The stage, one row per meter, register and day: days staged once as they are; days staged more than once
 * combined half hour by half hour, the last staged value (and its quality) winning. Parts of half hours are
 * staged only with a day staged once (imports stage a partial day once, merged with what is stored).
 */
const SOURCE = `
  with dup as (
    select meter_id, register, read_date from half_hour_stage group by 1, 2, 3 having count(*) > 1
  ),
  cells as (
    select s.meter_id, s.register, s.read_date, u.i,
      (array_agg(u.v order by s.seq desc) filter (where u.v is not null))[1] as v,
      (array_agg(u.w order by s.seq desc) filter (where u.v is not null))[1] as w,
      (array_agg(u.p order by s.seq desc) filter (where u.v is not null))[1] as p,
      coalesce((array_agg(u.q order by s.seq desc) filter (where u.v is not null))[1], ' ') as q
    from half_hour_stage s join dup d using (meter_id, register, read_date)
    cross join lateral unnest(s.kwh, s.kw, s.pf, string_to_array(s.quality, null))
      with ordinality as u(v, w, p, q, i)
    group by 1, 2, 3, 4
  )
  select s.meter_id, s.register, s.read_date, s.kwh, s.kw, s.pf, s.quality, s.day_kwh, s.readings, s.estimated,
    s.parts
  from half_hour_stage s
  where not exists (select 1 from dup d
    where d.meter_id = s.meter_id and d.register = s.register and d.read_date = s.read_date)
  union all
  select meter_id, register, read_date, array_agg(v order by i), array_agg(w order by i),
    array_agg(p order by i), string_agg(q, '' order by i), coalesce(sum(v), 0), count(v),
    count(v) filter (where q in ('E', 'S', 'F', 'V')), null::jsonb
  from cells group by 1, 2, 3`;

/** Quality as stored: null when every half hour is actual. */
const storedQuality = (q: string) => `case when ${q} ~ '[DESFV]' then ${q} end`;

const MERGE = `
  insert into half_hour_days as t (meter_id, register, read_date, organisation_id, kwh, kw, pf, day_kwh, readings,
    quality, estimated_readings, parts)
  select s.meter_id, s.register, s.read_date, $1, s.kwh, s.kw, s.pf, s.day_kwh, s.readings,
    ${storedQuality('s.quality')}, s.estimated, s.parts
  from (${SOURCE}) s
  on conflict (meter_id, register, read_date) do update set
    parts = nullif(coalesce((select jsonb_object_agg(k, v) from jsonb_each(t.parts) o(k, v)
      where excluded.kwh[k::int + 1] is null), '{}'::jsonb) || coalesce(excluded.parts, '{}'::jsonb), '{}'::jsonb),
    (kwh, kw, pf, day_kwh, readings, quality, estimated_readings) = (
      select array_agg(coalesce(n, o) order by i), array_agg(coalesce(nw, ow) order by i),
        array_agg(coalesce(np, op) order by i), coalesce(sum(coalesce(n, o)), 0), count(coalesce(n, o)),
        ${storedQuality("string_agg(qq, '' order by i)")}, count(*) filter (where qq in ('E', 'S', 'F', 'V'))
      from (
        select z.*, case when n is not null then coalesce(nq, 'A') when o is not null then coalesce(oq, 'A')
          else ' ' end as qq
        from unnest(excluded.kwh, t.kwh, excluded.kw, t.kw, excluded.pf, t.pf,
          string_to_array(excluded.quality, null), string_to_array(t.quality, null))
          with ordinality as z(n, o, nw, ow, np, op, nq, oq, i)
      ) merged
    )`;
