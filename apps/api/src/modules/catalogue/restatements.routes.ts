import { catalogueChecksOperations } from '@verdant/contracts/catalogue-checks';
import { catalogueRestatementsOperations } from '@verdant/contracts/catalogue-restatements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { AdminChecksService } from './admin-checks.service';
import type { EditionPolicyService } from './edition-policy.service';
import type { RestatementsService } from './restatements.service';

/** Publishing editions and organisations' edition choices, as previewed and confirmed restatements. */
export const restatementsRoutes: FastifyPluginAsyncZod<{
  restatements: RestatementsService;
  policy: EditionPolicyService;
  checks: AdminChecksService;
}> = async (app, { restatements, policy, checks }) => {
  registerOperations(app, catalogueChecksOperations, { adminCheck: (req) => checks.run(req.params.name) });
  registerOperations(app, catalogueRestatementsOperations, {
    publishEdition: (req) => restatements.propose(callerOf(req), req.params.id, req.body),
    restatement: (req) => restatements.get(req.params.id),
    confirmRestatement: (req) => restatements.confirm(callerOf(req), req.params.id, req.body?.type),
    editionPolicy: (req) => policy.read(callerOf(req)),
    restatementSettings: (req) => policy.saveSettings(callerOf(req), req.body),
    proposeEditionPolicy: (req) => policy.propose(callerOf(req), req.body),
    confirmOrganisationRestatement: (req) =>
      policy.confirm(callerOf(req), req.params.restatementId, req.body?.type),
    augmentFactors: (req) => policy.augment(callerOf(req), req.body),
    organisationRestatements: (req) => policy.list(callerOf(req)),
  });
};
