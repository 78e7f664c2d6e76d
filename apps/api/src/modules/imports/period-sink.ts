import { type InvoiceInput, invoiceInput, type SaveResult } from '@verdant/contracts/invoices/entry';
import type { Tx } from '@verdant/db/client';
import type { PeriodFormat } from '@verdant/domain/imports/csv-periods';
import { loose } from '@verdant/domain/imports/csv-text';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { PeriodRow } from '@verdant/domain/imports/types';
import { unitCandidates } from '@verdant/domain/imports/unit-names';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { rememberIdentifier } from './meter-identities.queries';
import { type ImportMeter, type MeterIndex, takesInvoices, takesRecords } from './meter-index';
import type { Refusals } from './refusals';

/**
 * Writes one consumption record (in the data source's own unit) through the consumption service's rules; its
 * refusals throw AppError.
 */
export type RecordWriter = (
  caller: Caller,
  meterId: number,
  row: { dateFrom: string; dateTill: string; units: number },
) => Promise<unknown>;

export interface PeriodSinkOptions {
  tx: Tx;
  organisationId: number;
  format: PeriodFormat;
  meters: MeterIndex;
  refusals: Refusals;
  caller: Caller;
  /** The invoices service on the load's transaction: each save is a savepoint within it. */
  invoices: { save(caller: Caller, body: InvoiceInput): Promise<SaveResult> };
  records: RecordWriter | null;
}

/**
 * Where the load's period rows go: each becomes an invoice (one Energy line of the row's cost, no GST, the
 * read type estimated when the row says so) or a consumption record of its data source, through the services'
 * own rules, so their validation and the ledger's recompute apply; a refusal names the row. A row already
 * stored with the same period and figures is skipped, so loading a file again changes nothing.
 */
export class PeriodSink {
  records = 0;
  skipped = 0;
  readonly meterIds = new Set<number>();
  /** The periods of the file's rows as invoices or records stored or found stored, for 'already imported'. */
  readonly periods: { meterId: number; from: string; till: string }[] = [];
  private readonly units = new Map<number, { id: number; names: string; conversion: number }[]>();

  constructor(private readonly o: PeriodSinkOptions) {}

  /** The unit a row names (the data source's own when it names none), or null when the data type has none such. */
  private async unitOf(meter: ImportMeter, text: string | null) {
    if (meter.dataTypeId === null) return null;
    let units = this.units.get(meter.dataTypeId);
    if (!units) {
      const rows = await this.o.tx.execute<{ id: number; name: string; conversion: string }>(
        sql`select id, name, conversion_to_standard::text as conversion from units
          where data_type_id = ${meter.dataTypeId} order by id`,
      );
      units = rows.rows.map((r) => ({ id: r.id, names: loose(r.name), conversion: Number(r.conversion) }));
      this.units.set(meter.dataTypeId, units);
    }
    if (text === null) return units.find((u) => u.id === meter.unitId) ?? null;
    for (const name of unitCandidates(text)) {
      const unit = units.find((u) => u.names === name);
      if (unit) return unit;
    }
    return null;
  }

  /**
   * The data source a row names: by its key (a Portfolio Manager Meter ID is remembered on the data source it
   * names as an identifier), else by its second name where the file gives one (a Meter Name no other meter of the
   * file shares, and which names one data source); a data source found so remembers the key.
   */
  private async meterOf(row: PeriodRow): Promise<ImportMeter | string> {
    const hint = { context: row.context ?? null, label: row.keyLabel ?? null };
    let meter = this.o.meters.resolve(row.meterKey, hint);
    if (typeof meter === 'string' && row.altKey) {
      const byName = this.o.meters.resolve(row.altKey);
      if (typeof byName !== 'string') meter = byName;
    }
    if (typeof meter === 'string' || !row.keyLabel) return meter;
    if (this.o.meters.identifierOf(meter.id, row.keyLabel) === undefined) {
      const stored = await rememberIdentifier(
        this.o.tx,
        this.o.organisationId,
        meter.id,
        row.keyLabel,
        row.meterKey,
      );
      this.o.meters.remember(meter.id, row.keyLabel, row.meterKey);
      if (stored)
        await audit(this.o.tx, this.o.caller, {
          organisationId: this.o.organisationId,
          action: 'remember data file name',
          asset: { type: 'meter', id: meter.id, name: meter.localName },
          changes: { [row.keyLabel]: stored },
        });
    }
    return meter;
  }

  async add(row: PeriodRow): Promise<void> {
    const refuse = (reason: string) => this.o.refusals.add({ line: row.line, reason });
    const meter = await this.meterOf(row);
    if (typeof meter === 'string') return refuse(meter);
    const name = meter.localName;
    const kind =
      this.o.format === 'csv-invoices'
        ? takesInvoices(meter)
          ? 'invoice'
          : fill(IMPORT_MSG.meterNoInvoices, { name })
        : this.o.format === 'csv-consumption'
          ? takesRecords(meter)
            ? 'record'
            : fill(IMPORT_MSG.meterNoRecords, { name })
          : takesInvoices(meter)
            ? 'invoice'
            : takesRecords(meter)
              ? 'record'
              : fill(IMPORT_MSG.meterNoPeriods, { name });
    if (kind !== 'invoice' && kind !== 'record') return refuse(kind);
    if (this.o.format === 'portfolio-manager') await this.placeEnd(row, meter);
    const unit = await this.unitOf(meter, row.unit);
    if (unit === null) return refuse(fill(IMPORT_MSG.unitUnknown, { unit: row.unit ?? '', name }));
    try {
      const outcome =
        kind === 'invoice'
          ? await this.invoice(row, meter, unit.id)
          : await this.record(row, meter, unit.conversion);
      if (outcome === 'exists') this.skipped += 1;
      else this.records += 1;
      this.meterIds.add(meter.id);
      this.periods.push({ meterId: meter.id, from: row.from, till: row.till });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return refuse(error.message);
      throw error;
    }
  }

  /**
   * A Portfolio Manager End Date the file left as it is (no bill of the file starts on it) is still the day
   * another bill starts when one stored for the data source does: the bill then ends the day before.
   */
  private async placeEnd(row: PeriodRow, meter: ImportMeter) {
    if (row.fileEnd !== undefined || row.till <= row.from) return;
    const next = await this.o.tx.execute<{ n: number }>(sql`
      select 1 as n from invoices i join invoice_meters im on im.invoice_id = i.id
      where i.organisation_id = ${this.o.organisationId} and im.meter_id = ${meter.id} and i.date_from = ${row.till}
      union all
      select 1 from consumption_records
      where organisation_id = ${this.o.organisationId} and meter_id = ${meter.id} and date_from = ${row.till}
      limit 1`);
    if (next.rows.length > 0) {
      row.fileEnd = row.till;
      row.till = new Date(Date.parse(`${row.till}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    }
  }

  /** A consumption record, in the data source's unit (converted from the row's), unless one the same is stored. */
  private async record(
    row: PeriodRow,
    meter: ImportMeter,
    conversion: number,
  ): Promise<'created' | 'exists'> {
    if (!this.o.records || meter.unitId === null)
      throw new AppError('BAD_REQUEST', fill(IMPORT_MSG.meterNoRecords, { name: meter.localName }), 400);
    const units = Math.round(((row.quantity * conversion) / meter.conversion) * 1e4) / 1e4;
    const found = await this.o.tx.execute<{ same: boolean }>(sql`
      select units = ${units}::numeric as same from consumption_records
      where organisation_id = ${this.o.organisationId} and meter_id = ${meter.id}
        and date_from = ${row.from} and date_till = ${row.till}
      limit 1`);
    if (found.rows[0]?.same) return 'exists';
    await this.o.records(this.o.caller, meter.id, { dateFrom: row.from, dateTill: row.till, units });
    return 'created';
  }

  private async invoice(row: PeriodRow, meter: ImportMeter, unitId: number): Promise<'created' | 'exists'> {
    const cost = row.cost ?? '0.00';
    const found = await this.o.tx.execute<{ number: string | null; same: boolean }>(sql`
      select i.invoice_number as number,
        im.consumption = ${row.quantity} and im.unit_id = ${unitId} and i.cost_excl_tax = ${cost}::numeric as same
      from invoices i join invoice_meters im on im.invoice_id = i.id
      where i.organisation_id = ${this.o.organisationId} and im.meter_id = ${meter.id} and i.kind = 'normal'
        and i.date_from = ${row.from} and i.date_till = ${row.till}
      limit 1`);
    const existing = found.rows[0];
    if (existing?.same) return 'exists';
    if (existing)
      throw new AppError(
        'BAD_REQUEST',
        fill(IMPORT_MSG.invoiceExists, { from: row.from, till: row.till, number: existing.number ?? '' }),
        400,
      );
    const invoiceDate = row.invoiceDate ?? row.till;
    const body = invoiceInput.parse({
      meterId: meter.id,
      invoiceNumber: row.invoiceNumber ?? `Portfolio Manager ${row.from}`,
      invoiceDate,
      dateDue: invoiceDate,
      dateFrom: row.from,
      dateTill: row.till,
      readType: row.estimated ? 'estimated' : 'actual',
      unitId,
      consumption: row.quantity,
      taxPercentage: 0,
      taxAmount: '0.00',
      visibleTotal: cost,
      notes:
        row.cost === null ? 'Imported from a data load; the file gave no cost' : 'Imported from a data load',
      items: [{ category: 'charge', chargeTypeId: 1, description: 'Imported cost', total: cost }],
    });
    await this.o.invoices.save(this.o.caller, body);
    return 'created';
  }
}
