import { OWN_SET_MSG, OWN_SET_NAME_MAX } from '@verdant/domain/own-factor-sets';
import { z } from 'zod';
import { administrator } from './access';
import { calendarDate, idNumber, idParam, int4, nameText, text } from './common';
import { defineOperations } from './operations';

/**
 * Deliberate restatement (docs/decisions/catalogue.md, Restatements): publishing an edition, or an organisation
 * changing which editions it uses, is proposed with a preview of what it moves and confirmed by a person. Each
 * organisation keeps its choice (effective-dated or pinned), its significance threshold and its restatements.
 */

const scopes = z.object({ s1: z.number(), s2Location: z.number(), s2Market: z.number(), s3: z.number() });
export type ScopeTotals = z.infer<typeof scopes>;

/** One reporting year of one organisation: kg CO2e by scope before and after, and the change of its total. */
export const restatedYear = z.object({
  year: z.number(),
  before: scopes,
  after: scopes,
  /** Of the year's total (scope 1, location-based scope 2 and scope 3), in percent; null when it was 0. */
  changePercent: z.number().nullable(),
});

export const restatedOrganisation = z.object({
  organisationId: z.number(),
  name: text(),
  meters: z.number(),
  years: z.array(restatedYear),
  /** The largest change of a year's total, and the organisation's significance threshold. */
  changePercent: z.number().nullable(),
  threshold: z.number(),
  significant: z.boolean(),
});
export type RestatedOrganisation = z.infer<typeof restatedOrganisation>;

export const restatementPreview = z.object({
  organisations: z.number(),
  meters: z.number(),
  /** kg CO2e moved: the sum of every month's change, scope by scope (location-based scope 2), as a size. */
  kgCo2eMoved: z.number(),
  byOrganisation: z.array(restatedOrganisation),
});
export type RestatementPreview = z.infer<typeof restatementPreview>;

const named = z.object({ id: z.number(), name: text() });

export const restatement = z.object({
  id: z.number(),
  kind: z.enum(['publish', 'choice']),
  status: z.enum(['proposed', 'running', 'done', 'failed', 'cancelled', 'stale']),
  reason: text(),
  organisationId: z.number().nullable(),
  edition: named.nullable(),
  previousEdition: named.nullable(),
  proposedBy: text().nullable(),
  proposedAt: text(),
  confirmedBy: text().nullable(),
  confirmedAt: text().nullable(),
  /** The jobs centre's job that applies it, once confirmed (`/tools/jobs/{id}`). */
  jobId: z.number().nullable(),
  preview: restatementPreview,
});
export type Restatement = z.infer<typeof restatement>;

export const publishRequest = z.object({ reason: text().trim().min(1, 'Say why').max(1000) });

export const editionPolicy = z.object({
  mode: z.enum(['effective', 'pinned']),
  switchDate: text().nullable(),
  pins: z.array(z.object({ reportingYear: z.number(), editionId: z.number(), editionName: text() })),
  significanceThreshold: z.number(),
  recalculationPolicy: text().nullable(),
  /** The editions a year may be pinned to. */
  editions: z.array(named.extend({ publisher: text(), status: text() })),
});
export type EditionPolicy = z.infer<typeof editionPolicy>;

export const editionPolicyRequest = z.object({
  mode: z.enum(['effective', 'pinned']),
  switchDate: calendarDate().nullable().default(null),
  pins: z
    .array(z.object({ reportingYear: int4().min(1990).max(2100), editionId: int4().positive() }))
    .max(100)
    .default([]),
  reason: text().trim().min(1, 'Say why').max(1000),
});
export type EditionPolicyRequest = z.input<typeof editionPolicyRequest>;

export const restatementSettingsRequest = z.object({
  significanceThreshold: z.number().min(0).max(100),
  recalculationPolicy: text().trim().max(4000).nullable().default(null),
});
export type RestatementSettingsRequest = z.input<typeof restatementSettingsRequest>;

/** A restatement as the organisation's GHG Reporting Settings list it: its own figures only. */
export const organisationRestatement = z.object({
  id: z.number(),
  kind: z.enum(['publish', 'choice']),
  reason: text(),
  confirmedBy: text().nullable(),
  confirmedAt: text().nullable(),
  editionBefore: text().nullable(),
  editionAfter: text().nullable(),
  meters: z.number(),
  years: z.array(restatedYear),
  changePercent: z.number().nullable(),
  threshold: z.number(),
  significant: z.boolean(),
});

/** Augment Factors (core-portal.md): the organisation's own factor set, named at most 50 characters. */
export const augmentRequest = z.object({
  name: nameText().trim().min(1, OWN_SET_MSG.nameRequired).max(OWN_SET_NAME_MAX, OWN_SET_MSG.nameTooLong),
});

const admin = 'product-administrator' as const;
const orgAdmin = administrator('params.id');
const restatementParam = z.object({ id: idNumber() });
/**
 * A confirmation's Emission Factor Update runs Immediate (type 1, the default, also with no body) or Overnight
 * (type 2: it waits for the night window; docs/decisions/job-runner.md, Overnight jobs).
 */
export const confirmRestatementRequest = z
  .object({
    type: z
      .union([z.literal(1), z.literal(2)], { error: 'A job runs Immediate (1) or Overnight (2)' })
      .default(1),
  })
  // A confirmation sent with no body at all is Immediate.
  .nullish();
const orgRestatementParams = z.object({ id: idNumber(), restatementId: idNumber() });

export const catalogueRestatementsOperations = defineOperations('catalogue', {
  publishEdition: {
    method: 'POST',
    path: '/admin/emission-factor-editions/:id/publish',
    summary: 'Propose publishing a draft edition: the restatement it would make, previewed',
    access: admin,
    params: idParam,
    body: publishRequest,
    answer: restatement,
  },
  restatement: {
    method: 'GET',
    path: '/admin/restatements/:id',
    summary: 'A proposed or finished restatement with its preview',
    access: admin,
    params: restatementParam,
    answer: restatement,
  },
  confirmRestatement: {
    method: 'POST',
    path: '/admin/restatements/:id/confirm',
    summary: 'Confirm a proposed restatement: the change and every figure it moves, in one transaction',
    access: admin,
    params: restatementParam,
    body: confirmRestatementRequest,
    answer: restatement,
  },
  editionPolicy: {
    method: 'GET',
    path: '/organisations/:id/edition-policy',
    summary: 'Which factor editions the organisation uses, and its significance threshold',
    access: orgAdmin,
    params: idParam,
    answer: editionPolicy,
  },
  restatementSettings: {
    method: 'PUT',
    path: '/organisations/:id/restatement-settings',
    summary: 'The significance threshold and the recalculation policy (no figure moves)',
    access: orgAdmin,
    params: idParam,
    body: restatementSettingsRequest,
    answer: editionPolicy,
  },
  proposeEditionPolicy: {
    method: 'POST',
    path: '/organisations/:id/edition-policy',
    summary: 'Propose a change of the editions the organisation uses: the restatement it would make',
    access: orgAdmin,
    params: idParam,
    body: editionPolicyRequest,
    answer: restatement,
  },
  confirmOrganisationRestatement: {
    method: 'POST',
    path: '/organisations/:id/restatements/:restatementId/confirm',
    summary: "Confirm the organisation's proposed change of editions",
    access: orgAdmin,
    params: orgRestatementParams,
    body: confirmRestatementRequest,
    answer: restatement,
  },
  augmentFactors: {
    method: 'POST',
    path: '/organisations/:id/augment-factors',
    summary: 'Augment Factors: create the organisation’s own factor set (the default set fills its gaps)',
    access: orgAdmin,
    params: idParam,
    body: augmentRequest,
    answer: z.object({ success: z.literal(true), message: text(), data: named }),
  },
  organisationRestatements: {
    method: 'GET',
    path: '/organisations/:id/restatements',
    summary: "The organisation's restatements: who, when, why, editions and totals before and after",
    access: orgAdmin,
    params: idParam,
    answer: z.array(organisationRestatement),
  },
});
