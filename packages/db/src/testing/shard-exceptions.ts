/**
 * Calls whose statements may touch organisation-owned tables without pinning one organisation
 * (docs/scaling.md, Shard readiness). Each entry says why; `tables: '*'` covers every table of the call.
 * Only calls that cross organisations by design belong here: a statement that reads one organisation's rows by
 * id is fixed instead (the caller's organisation, or the directory of assets', pinned with organisation_id).
 * The call is the method and path the test app logs (numbers as :id); fuzzed paths log their odd segments as
 * sent, so the patterns match any segment where the route has a parameter.
 */
export interface ShardException {
  call: RegExp;
  tables: string[] | '*';
  reason: string;
}

export const SHARD_EXCEPTIONS: ShardException[] = [
  // Product administrators' screens over every organisation: a list of all organisations' rows is sent to every
  // shard by design.
  {
    call: /^GET \/api\/admin\/deleted-assets\/[^/]+$/,
    tables: ['sites', 'entities', 'meters', 'vehicles', 'audit_events'],
    reason: 'the deleted assets of every organisation, newest first, on the product administrators’ screen',
  },
  {
    call: /^GET \/api\/admin\/alerts-report$/,
    tables: ['meter_alerts', 'meters', 'sites'],
    reason: 'the alerts of every organisation, on the product administrators’ alerts report',
  },
  // The catalogue: publishing an emission factor edition (or confirming its restatement) restates the figures of
  // every organisation whose meters use its factors (docs/decisions/factor-editions.md).
  {
    call: /^POST \/api\/admin\/(emission-factor-editions\/[^/]+\/publish|restatements\/[^/]+\/confirm)$/,
    tables: '*',
    reason: 'a catalogue edition restates the meters of every organisation that uses its factors',
  },
];
