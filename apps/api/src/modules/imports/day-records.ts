import type { Tx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { newRowErrors } from '@verdant/domain/consumption-records';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { PeriodRow } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { type AuditActor, audit } from '../../lib/audit';
import type { ImportMeter, MeterIndex } from './meter-index';
import type { Refusals } from './refusals';

/** A period of the file, matched to its data source and in the data source's own unit. */
interface NewRecord {
  line: number;
  file?: string;
  dateFrom: string;
  dateTill: string;
  units: number;
  estimated: boolean;
}

type Stored = { id: number; dateFrom: string; dateTill: string; units: string };

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * Where whole days and billing periods of interval-data files go (Green Button daily or monthly readings,
 * EIEP13A reads of whole days, NEM13 accumulation reads): consumption records of the data source the file names,
 * any data source but a transactional one (docs/decisions/imports.md, Whole days and billing periods). They are
 * checked as the Consumption tab checks new rows (open and close dates, overlaps); a record stored with the same
 * period is skipped when its units agree and replaced when they differ (a corrected read); one that overlaps a
 * stored record otherwise is refused. Written together at the end of the load, in its transaction.
 */
export class RecordSink {
  records = 0;
  skipped = 0;
  readonly meterIds = new Set<number>();
  private readonly byMeter = new Map<number, { meter: ImportMeter; rows: NewRecord[] }>();
  private readonly kwhUnits = new Map<number, number | null>();

  constructor(
    private readonly o: { tx: Tx; organisationId: number; meters: MeterIndex; refusals: Refusals },
  ) {}

  /** The periods of the file, as records stored or found stored (once written). */
  get periods(): { meterId: number; from: string; till: string }[] {
    return [...this.byMeter.values()].flatMap(({ meter, rows }) =>
      rows.map((r) => ({ meterId: meter.id, from: r.dateFrom, till: r.dateTill })),
    );
  }

  /** The data sources the file's periods name (to lock before the write). */
  get meters(): number[] {
    return [...this.byMeter.keys()];
  }

  /**
   * A kWh in the data type's standard unit: its kWh unit's factor, else 1 when its standard unit is kWh; null
   * for a data type that is not measured in energy (water, waste...).
   */
  private async kwhOf(dataTypeId: number | null): Promise<number | null> {
    if (dataTypeId === null) return null;
    let found = this.kwhUnits.get(dataTypeId);
    if (found === undefined) {
      const rows = await this.o.tx.execute<{ conversion: string | null }>(sql`
        select coalesce(
          (select conversion_to_standard from units where data_type_id = ${dataTypeId} and lower(name) = 'kwh'
            order by id limit 1),
          (select 1 from data_types where id = ${dataTypeId} and lower(std_unit) = 'kwh'))::text as conversion`);
      const conversion = rows.rows[0]?.conversion;
      found = conversion == null ? null : Number(conversion);
      this.kwhUnits.set(dataTypeId, found);
    }
    return found;
  }

  async add(row: PeriodRow): Promise<void> {
    const refuse = (reason: string) =>
      this.o.refusals.add({ line: row.line, reason: row.file ? `${row.file}: ${reason}` : reason });
    const meter = this.o.meters.resolve(row.meterKey);
    if (typeof meter === 'string') return refuse(meter);
    if (meter.meterType === 7 || meter.meterType === 9 || meter.unitId === null)
      return refuse(fill(IMPORT_MSG.meterNoRecords, { name: meter.localName }));
    const kwh = await this.kwhOf(meter.dataTypeId);
    if (kwh === null)
      return refuse(fill(IMPORT_MSG.unitUnknown, { unit: row.unit ?? 'kWh', name: meter.localName }));
    const entry = this.byMeter.get(meter.id) ?? { meter, rows: [] };
    this.byMeter.set(meter.id, entry);
    entry.rows.push({
      line: row.line,
      ...(row.file ? { file: row.file } : {}),
      dateFrom: row.from,
      dateTill: row.till,
      units: round4((row.quantity * kwh) / meter.conversion),
      estimated: row.estimated,
    });
  }

  /**
   * Checks every row against what is stored and writes them, with one audit row per data source; answers the
   * data sources written (their facts are the caller's to recompute). Writes nothing when any row is refused.
   */
  async write(actor: AuditActor, filename: string): Promise<number[]> {
    const plans: { meter: ImportMeter; insert: NewRecord[]; replace: number[] }[] = [];
    for (const { meter, rows } of this.byMeter.values()) {
      const stored = await this.o.tx.execute<Stored>(sql`
        select id, date_from as "dateFrom", date_till as "dateTill", units::text as units
        from consumption_records where organisation_id = ${this.o.organisationId} and meter_id = ${meter.id}`);
      const exact = new Map(stored.rows.map((r) => [`${r.dateFrom}|${r.dateTill}`, r]));
      const replace: number[] = [];
      const fresh: NewRecord[] = [];
      for (const row of rows) {
        const same = exact.get(`${row.dateFrom}|${row.dateTill}`);
        if (same && round4(Number(same.units)) === row.units) this.skipped += 1;
        else {
          if (same) replace.push(same.id);
          fresh.push(row);
        }
      }
      const kept = stored.rows.filter((r) => !replace.includes(r.id));
      newRowErrors(fresh, kept, meter).forEach((error, i) => {
        const row = fresh[i] as NewRecord;
        if (error)
          this.o.refusals.add({ line: row.line, reason: row.file ? `${row.file}: ${error}` : error });
      });
      plans.push({ meter, insert: fresh, replace });
    }
    if (this.o.refusals.count > 0) return [];
    const written: number[] = [];
    for (const { meter, insert, replace } of plans) {
      if (insert.length === 0) continue;
      if (replace.length > 0)
        await this.o.tx.execute(sql`delete from consumption_records
          where organisation_id = ${this.o.organisationId} and id = any(${intArray(replace)})`);
      const values = insert.map(
        (r) =>
          sql`(${this.o.organisationId}, ${meter.id}, ${meter.unitId}, ${r.dateFrom}, ${r.dateTill}, ${r.units}, ${r.estimated})`,
      );
      await this.o.tx.execute(sql`insert into consumption_records
        (organisation_id, meter_id, unit_id, date_from, date_till, units, estimated)
        values ${sql.join(values, sql`, `)}`);
      await audit(this.o.tx, actor, {
        organisationId: this.o.organisationId,
        action: 'import consumption records',
        asset: { type: 'meter', id: meter.id, name: meter.localName },
        changes: {
          file: { before: null, after: filename },
          records: { before: replace.length, after: insert.length },
        },
      });
      this.records += insert.length;
      this.meterIds.add(meter.id);
      written.push(meter.id);
    }
    for (const { meter } of plans) this.meterIds.add(meter.id);
    return written;
  }
}
