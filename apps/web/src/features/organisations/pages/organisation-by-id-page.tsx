import { Navigate, useParams } from 'react-router';
import { useOrganisationId } from '../../../lib/session-store';
import { SwitchOrganisationPrompt } from '../components/switch-organisation-prompt';

/**
 * /organisations/{id} (core-portal.md 2, Other routes): the organisation page of the organisation the path
 * names. The current one opens at once; another asks to change organisation first, as any link into another
 * organisation does (Change Organisation or Cancel), then opens its page.
 */
export function OrganisationByIdPage() {
  const { org } = useParams();
  const current = useOrganisationId();
  const orgId = org && /^\d{1,9}$/.test(org) ? Number(org) : Number.NaN;
  if (orgId === current) return <Navigate to="/organisation" replace />;
  return <SwitchOrganisationPrompt orgId={orgId} target="/organisation" targetName="its organisation page" />;
}
