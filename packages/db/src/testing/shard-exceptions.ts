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
    call: /^(PUT|DELETE) \/api\/admin\/deleted-assets\/[^/]+\/(restore|purge)\/[^/]+$/,
    tables: '*',
    reason:
      'the product administrators restore or purge an archived asset of any organisation by its id; the purge (its deletes and recompute) is the sweeper’s, which works across organisations',
  },
  {
    call: /^GET \/api\/admin\/alerts-report$/,
    tables: ['meter_alerts', 'meters', 'sites'],
    reason: 'the alerts of every organisation, on the product administrators’ alerts report',
  },
  {
    call: /^(GET|POST|PUT|DELETE) \/api\/admin\/email-processing\//,
    tables: ['email_items', 'email_messages', 'email_log', 'invoice_meters'],
    reason:
      'the emailed invoices of every organisation: the product administrators’ parked, deferred and template queues and the intake logs',
  },
  {
    call: /^GET \/api\/admin\/checks\/[^/]+$/,
    tables: '*',
    reason: 'the product administrators’ catalogue checks look for gaps in every organisation’s data sources',
  },
  {
    // The organisation 'any' of the invoice files library is a product administrator's only.
    call: /^GET \/api\/files\/invoice-files\/[^/]+\/any\//,
    tables: ['files', 'invoices', 'invoice_meters', 'meters'],
    reason: 'the product administrators’ library of invoice files of every organisation',
  },
  // The catalogue: publishing an emission factor edition (or confirming its restatement) restates the figures of
  // every organisation whose meters use its factors (docs/decisions/factor-editions.md).
  {
    call: /^POST \/api\/admin\/(emission-factor-editions\/[^/]+\/publish|restatements\/[^/]+\/confirm)$/,
    tables: '*',
    reason: 'a catalogue edition restates the meters of every organisation that uses its factors',
  },
  {
    call: /^(POST|PUT) \/api\/admin\/data-types\/[^/]+\/emission-factors\/[^/]+\/factors(\/[^/]+)?$/,
    tables: ['meters', 'ledger_pending'],
    reason:
      'a catalogue factor’s change marks pending the meters of every organisation that use its data type',
  },
  // The jobs centre (docs/decisions/job-runner.md, One jobs centre): a person's jobs of every organisation they
  // administer, every job for a product administrator, and the queues' health, read across organisations by design;
  // cancelling or retrying a job finds it by its id; a product administrator asks for a catalogue job there.
  {
    call: /^(GET|POST) \/api\/tools\/jobs(-health|\/[^/]+(\/(file|cancel|retry))?|\/create\/[^/]+)?$/,
    tables: ['background_jobs'],
    reason: 'the jobs centre lists and acts on the jobs of every organisation the person administers',
  },
  // A data-entry portal's address is unique across organisations: the public portal is found by it before any
  // organisation is known, and an administrator's new address is checked against every organisation's.
  {
    call: /^(GET|POST|PUT) \/api\/public\/portals\/[^/]+(\/.*)?$/,
    tables: ['data_entry_portals'],
    reason: 'a public portal is found by its address, before any organisation is known',
  },
  {
    call: /^(GET \/api\/data-entry-portals\/portals\/availability-check\/[^/]+|POST \/api\/data-entry-portals\/portals\/create)$/,
    tables: ['data_entry_portals'],
    reason: 'a portal’s address must be free across every organisation',
  },
];
