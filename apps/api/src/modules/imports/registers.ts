import type { DbOrTx } from '@verdant/db/client';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import type { ImportMeter } from './meter-index';

type Direction = 'import' | 'export';
type Quantity = 'kWh' | 'kVArh';
type Register = {
  meterId: number;
  register: number;
  label: string | null;
  direction: Direction;
  quantity: Quantity;
};

/**
 * The half-hour registers of the organisation's meters, and the rule that maps a file's register (NEM12's
 * suffix, an EIEP register code, a CSV column) onto one (docs/decisions/imports.md, Registers from files): a
 * register of that label; else an unlabelled register of the same direction and quantity, which takes the
 * label (so a meter's first file lands on the readings it already has rather than beside them); else a new
 * register.
 */
export class Registers {
  private readonly byMeter = new Map<number, Register[]>();
  private readonly created: Register[] = [];
  private readonly labelled: Register[] = [];
  private readonly cache = new Map<string, number | string>();

  constructor(rows: Register[]) {
    for (const r of rows) this.byMeter.set(r.meterId, [...(this.byMeter.get(r.meterId) ?? []), r]);
  }

  static async load(db: DbOrTx, organisationId: number) {
    const rows = await db.execute<Register>(sql`
      select meter_id as "meterId", register, label, direction, quantity from half_hour_registers
      where organisation_id = ${organisationId} order by meter_id, register`);
    return new Registers(rows.rows);
  }

  /** The register number a reading lands on, or the reason it cannot land. */
  resolve(
    meter: ImportMeter,
    label: string | null,
    direction: Direction,
    quantity: Quantity,
  ): number | string {
    const key = `${meter.id}|${label ?? ''}|${direction}|${quantity}`;
    let found = this.cache.get(key);
    if (found === undefined) {
      found = this.find(meter, label, direction, quantity);
      this.cache.set(key, found);
    }
    return found;
  }

  private find(meter: ImportMeter, label: string | null, direction: Direction, quantity: Quantity) {
    const list = this.byMeter.get(meter.id) ?? [];
    this.byMeter.set(meter.id, list);
    const kind = (r: Register) => r.direction === direction && r.quantity === quantity;
    if (label !== null) {
      const named = list.find((r) => r.label === label);
      if (named) {
        if (kind(named)) return named.register;
        return fill(IMPORT_MSG.registerKind, {
          register: label,
          name: meter.localName,
          direction: named.direction,
          quantity: named.quantity,
        });
      }
      const unnamed = list.find((r) => r.label === null && kind(r));
      if (unnamed) {
        unnamed.label = label;
        this.labelled.push(unnamed);
        return unnamed.register;
      }
    } else {
      const same = list.filter(kind);
      const unnamed = same.find((r) => r.label === null);
      if (unnamed) return unnamed.register;
      if (same.length === 1 && same[0]) return same[0].register;
    }
    const register: Register = {
      meterId: meter.id,
      register: list.length === 0 ? 0 : Math.max(...list.map((r) => r.register)) + 1,
      label,
      direction,
      quantity,
    };
    list.push(register);
    this.created.push(register);
    return register.register;
  }

  /** How many of the registers created are written already (`saveCreated`). */
  private saved = 0;

  /** Writes the registers created since the last call. */
  async saveCreated(db: DbOrTx, organisationId: number) {
    const created = this.created.slice(this.saved);
    this.saved = this.created.length;
    if (created.length > 0)
      await db.execute(sql`insert into half_hour_registers (organisation_id, meter_id, register, direction, quantity, label)
        values ${sql.join(
          created.map(
            (r) =>
              sql`(${organisationId}, ${r.meterId}, ${r.register}, ${r.direction}, ${r.quantity}, ${r.label})`,
          ),
          sql`, `,
        )}`);
  }

  /** Writes the registers this load created or labelled and has not written yet (before its days are merged). */
  async save(db: DbOrTx, organisationId: number) {
    await this.saveCreated(db, organisationId);
    for (const r of this.labelled) {
      await db.execute(sql`update half_hour_registers set label = ${r.label}
        where organisation_id = ${organisationId} and meter_id = ${r.meterId} and register = ${r.register}`);
    }
  }
}
