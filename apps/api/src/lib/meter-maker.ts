import type { newMeterRequest } from '@verdant/contracts/data-sources/creation';
import type { Tx } from '@verdant/db/client';
import type { z } from 'zod';
import type { Caller } from './caller';

/**
 * The new meter wizard's create, inside the caller's transaction: the same rules, messages and audit row as
 * New Data Source. The meter-creation module provides it; app.ts hands it to the modules that make meters
 * as part of their own write (a portal's quantities: docs/decisions/portals.md, "One write path").
 */
export type MeterMaker = (
  tx: Tx,
  caller: Caller,
  organisationId: number,
  body: z.output<typeof newMeterRequest>,
) => Promise<{ id: number; localName: string }>;
