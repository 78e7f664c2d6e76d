import type { Access } from '@verdant/contracts/access';

/*
 * The bodies and exceptions of the cross-organisation sweep (docs/decisions/tenancy.md, The cross-organisation
 * sweep): the calls whose body the schema alone cannot give, and those an observer of A may rightly make.
 * The world (./cross-organisation.fixture.ts) adds the bodies that name A's objects once A exists.
 */

export type Rule = Access | undefined;
/** Bodies the schema alone cannot give. */
export const NOTE = { dateFrom: '2024-01-01', text: 'A note' };
export const BODIES: Record<string, object> = {
  'PUT /api/site-groups/{id}': { name: 'Renamed by sweep' },
  'PUT /api/meter-groups/{id}': { name: 'Renamed by sweep' },
  'PUT /api/site-groups/groupings/{id}': { name: 'Renamed by sweep' },
  'PUT /api/meter-groups/groupings/{id}': { name: 'Renamed by sweep' },
  'POST /api/organisations/{id}/site-groups': { name: 'Sweep group' },
  'POST /api/organisations/{id}/meter-groups': { name: 'Sweep group' },
  'POST /api/organisations/{id}/reporting-group-groupings/site-groupings': { name: 'Sweep grouping' },
  'POST /api/organisations/{id}/reporting-group-groupings/meter-groupings': { name: 'Sweep grouping' },
  'PUT /api/organisations/{id}/target': { cons: 1000 },
  'POST /api/organisations/{id}/email-intake-addresses': { address: 'sweep@intake.test' },
  'PUT /api/organisations/{id}/email-intake-addresses/{addressId}': { address: 'sweep@intake.test' },
  'POST /api/organisations/{id}/custom-portals': { name: 'Sweep portal', link: 'https://example.test/sweep' },
  // Targets and rates: valid bodies, so that the rule (not validation) answers.
  'POST /api/organisations/{id}/targets': {
    name: 'Sweep target',
    spec: {
      baselineYear: 2019,
      baselineYearEnd: 'CY',
      consFrom: 'DERIVE',
      profileFrom: 'NONE',
      targets: [{ perc: 30, year: 2030 }],
    },
  },
  'PUT /api/site-groups/{id}/target': { co2e: 1 },
  'POST /api/organisations/{id}/tou-contracts/{contractId}/rates': {
    rates: [{ month: '2024-01', periodId: 1, daytypeId: 1, contractedRate: 1 }],
  },
  'PUT /api/meter-groups/{id}/target': { co2e: 1 },
  // A note needs a start date or an invoice: neither is required alone, so the sample leaves both out.
  'POST /api/meters/{id}/comments': NOTE,
  'PUT /api/meters/{id}/comments/{noteId}': NOTE,
};
/** Calls whose body (not path) names A's object: they aim at A too (filled in once A exists). */
export const BODY_AIMS_AT_A = new Set(['PUT /api/invoices/save', 'POST /api/invoices/blank']);
/** Calls an observer of A may rightly make with A's id: entering A is theirs to do. */
export const OBSERVER_MAY = new Set([
  'PUT /api/current-user/organisation/{orgId}',
  // A read sent as POST: the export of figures an observer may see.
  'POST /api/organisations/{id}/site-data-export',
  'POST /api/organisations/{id}/meter-data-export',
  'POST /api/organisations/{id}/fleet-data-export',
  'POST /api/organisations/{id}/fleet-transaction-export',
  // Reads sent as POST: the graph builder's figures.
  'POST /api/organisations/{orgId}/graph-data',
  'POST /api/organisations/{orgId}/graph-data/assets-for-split',
  'POST /api/organisations/{orgId}/graph-data/data-types-for-split',
  'POST /api/organisations/{orgId}/graph-data/groups-for-split',
  'POST /api/organisations/{orgId}/pie-data',
  // The Invoice Entry Report of the data sources named, and its CSV.
  'POST /api/organisations/{id}/invoices-reports',
  'POST /api/organisations/{id}/invoices-reports/export',
]);
