import { useParams } from 'react-router';
import { SwitchOrganisationPrompt } from '../components/switch-organisation-prompt';

/** The target arrives URL-encoded; only a path on this site is followed, never another origin. */
function targetPath(raw: string | undefined): string | null {
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const path = decoded.startsWith('/') ? decoded : `/${decoded}`;
  return path.startsWith('//') || path.startsWith('/\\') ? null : path;
}

/**
 * `/switch-organisation/{org}` switches and opens the dashboard; `/switch-organisation/{org}/{target}`
 * (a link shared from another organisation) asks first, then opens the target.
 */
export function SwitchOrganisationLinkPage() {
  const params = useParams();
  const orgId = Number(params.org);
  const target = targetPath(params['*']);
  return <SwitchOrganisationPrompt orgId={orgId} target={target} />;
}
