import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** What the demo's generators need of the catalogue and of arithmetic (demo-ledger.ts). */
export type DemoSite = { id: number; organisationId: number; name: string };

export interface Catalogue {
  typeId(name: string): number;
  unitId(typeName: string, unitName: string): number;
}

export async function loadCatalogue(db: DbOrTx): Promise<Catalogue> {
  const rows = await db.execute<{
    type_id: number;
    type_name: string;
    unit_id: number;
    unit_name: string;
  }>(sql`
    select d.id as type_id, d.name as type_name, u.id as unit_id, u.name as unit_name
    from data_types d join units u on u.data_type_id = d.id where d.organisation_id is null`);
  const find = (name: string) => rows.rows.filter((r) => r.type_name.toLowerCase() === name.toLowerCase());
  return {
    typeId(name) {
      const [row] = find(name);
      if (!row) throw new Error(`The catalogue has no data type '${name}'`);
      return row.type_id;
    },
    unitId(typeName, unitName) {
      const row = find(typeName).find((r) => r.unit_name.toLowerCase() === unitName.toLowerCase());
      if (!row) throw new Error(`The catalogue has no unit '${unitName}' for '${typeName}'`);
      return row.unit_id;
    },
  };
}

/** The demo's seasons: 1 + amplitude x cos(2 pi (m - 7) / 12), southern winter peaking in July. */
export const season = (month: string, amplitude: number) =>
  1 + amplitude * Math.cos((2 * Math.PI * (Number(month.slice(5, 7)) - 7)) / 12);

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const round1 = (n: number) => Math.round(n * 10) / 10;
