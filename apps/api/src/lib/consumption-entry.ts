import type { Tx } from '@verdant/db/client';
import type { AuditActor } from './audit';

/** A consumption record entered on someone's behalf (a portal's link): a period, its units, an attachment. */
export interface ConsumptionEntry {
  dateFrom: string;
  dateTill: string;
  units: number;
  /** A file of the meter, or null. */
  attachmentId: number | null;
}

/**
 * The Consumption tab's write path for writers that are not a signed-in editor (docs/decisions/portals.md,
 * "One write path"): the same rules, messages, lock, audit row and facts recompute as the tab, inside the
 * caller's transaction. The meter-consumption module provides it; app.ts hands it to the modules that need it.
 */
export interface ConsumptionWriter {
  /** Adds one record; answers its id. Refuses with the tab's messages. */
  add(
    tx: Tx,
    actor: AuditActor,
    organisationId: number,
    meterId: number,
    entry: ConsumptionEntry,
  ): Promise<number>;
  /** Changes one record of the meter. */
  change(
    tx: Tx,
    actor: AuditActor,
    organisationId: number,
    meterId: number,
    recordId: number,
    entry: ConsumptionEntry,
  ): Promise<void>;
}
