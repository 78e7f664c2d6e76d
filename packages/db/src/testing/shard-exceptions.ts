/**
 * Calls whose statements may touch organisation-owned tables without pinning one organisation
 * (docs/scaling.md, Shard readiness). Each entry says why; `tables: '*'` covers every table of the call.
 */
export interface ShardException {
  call: RegExp;
  tables: string[] | '*';
  reason: string;
}

export const SHARD_EXCEPTIONS: ShardException[] = [];
