import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The default set's factors as editions of their publications (docs/decisions/catalogue.md, Editions): each
 * factor the catalogue seeded names its publication in its notes, and becomes a factor of that edition. The
 * same statements are in migration 0037 for databases seeded before editions existed; both are idempotent.
 *
 * - MfE 2025: the 2025 guide's pages and the emission factors workbook 2025 v3 (AR5).
 * - MfE 2026: the 2026 catalogue and workbook 2026 v2, published 2026-05-29. The factors transcribed from
 *   it are dated from 2024 and 2025 on (grid electricity and T&D losses) and 2026 on (fuels, water), so both MfE
 *   editions stay current for every period and each factor's own dates decide, as before editions existed.
 * - NZECS residual supply factors (market-based scope 2) and BEIS 2020 (wastewater per m3).
 */
export const SEED_EDITIONS = [
  {
    name: 'MfE 2025',
    publisher: 'NZ Ministry for the Environment',
    published: null,
    coversFrom: 2012,
    coversTill: 2025,
    title:
      'Measuring emissions: A guide for organisations, 2025 edition, and the emission factors workbook 2025 v3',
    url: 'https://environment.govt.nz/guides/measuring-and-reporting-greenhouse-gas-emissions-guide-for-organisations/',
    currentFrom: null,
    patterns: [
      '%A guide for organisations, 2025 edition%',
      '%A guide for organisations, emission factors workbook 2025%',
    ],
  },
  {
    name: 'MfE 2026',
    publisher: 'NZ Ministry for the Environment',
    published: '2026-05-29',
    coversFrom: 2012,
    coversTill: 2026,
    title: 'Measuring Emissions Catalogue 2026 v2, emission factors 2026 v2',
    url: 'https://measuringemissionsguide.environment.govt.nz/files_download.html',
    currentFrom: null,
    patterns: [
      '%A guide for organisations, 2026 edition%',
      '%A guide for organisations, emission factors workbook 2026%',
    ],
  },
  {
    name: 'NZECS residual supply factors',
    publisher: 'NZ Energy Certificate System',
    published: null,
    coversFrom: 2019,
    coversTill: 2025,
    title: 'NZ Energy Certificate System Residual Supply Mix (Certified Energy, now BraveTrace)',
    url: 'https://bravetrace.co.nz/how-it-works/residual-supply-mix',
    currentFrom: null,
    patterns: ['NZ Energy Certificate System%'],
  },
  {
    name: 'BEIS 2020',
    publisher: 'UK Department for Business, Energy and Industrial Strategy',
    published: null,
    coversFrom: 2020,
    coversTill: 2020,
    title: 'UK Government GHG conversion factors for company reporting 2020',
    url: 'https://www.gov.uk/government/collections/government-conversion-factors-for-company-reporting',
    currentFrom: null,
    patterns: ['UK Government GHG conversion factors for company reporting 2020%'],
  },
] as const;

/** Creates the seed editions where their factors exist and tags each factor with its edition. */
export async function assignSeedEditions(db: DbOrTx) {
  for (const e of SEED_EDITIONS) {
    const like = sql.join(
      e.patterns.map((p) => sql`f.notes like ${p}`),
      sql` or `,
    );
    await db.execute(sql`
      insert into emission_factor_editions (source_id, name, publisher, published, covers_from, covers_till,
        source_title, source_url, gwp_set, status, current_from, layout, published_at, changelog)
      select s.id, ${e.name}, ${e.publisher}, ${e.published}::date, ${e.coversFrom}, ${e.coversTill}, ${e.title},
        ${e.url}, 'AR5', 'published', ${e.currentFrom}::date, 'seed', now(),
        'Transcribed into the catalogue before editions were loaded from files.'
      from emission_factor_sources s
      where s.is_default and exists (select 1 from emission_factors f where f.source_id = s.id and (${like}))
        and not exists (select 1 from emission_factor_editions x where x.source_id = s.id and lower(x.name) = lower(${e.name}))`);
    await db.execute(sql`
      update emission_factors f set edition_id = x.id
      from emission_factor_editions x join emission_factor_sources s on s.id = x.source_id and s.is_default
      where f.source_id = s.id and f.edition_id is null and lower(x.name) = lower(${e.name}) and (${like})`);
  }
  // Every factor has its version 1, so the facts it produces name it (and through it, its edition).
  await db.execute(sql`
    insert into emission_factor_versions (factor_id, version, rate, co2, ch4, n2o, start_date, end_date, reason)
    select f.id, f.version, f.rate, f.co2, f.ch4, f.n2o, f.start_date, f.end_date, 'As seeded'
    from emission_factors f
    where not exists (select 1 from emission_factor_versions v where v.factor_id = f.id and v.version = f.version)`);
}
