import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@verdant/domain/messages';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useAvailableOrgs, useSwitchOrganisation } from '../api';

/**
 * Switching to the organisation a link names (core-portal.md 2, Shell): with no target it switches and opens
 * the dashboard; with a target it asks first (Change Organisation or Cancel), then opens the target. An
 * organisation the person may not enter says 'Switch failed - you probably don't have access'.
 */
export function SwitchOrganisationPrompt({
  orgId,
  target,
  targetName,
}: {
  orgId: number;
  target: string | null;
  /** What the target is, in words ('its organisation page'); the path itself otherwise. */
  targetName?: string;
}) {
  const navigate = useNavigate();
  const switchOrganisation = useSwitchOrganisation();
  const orgs = useAvailableOrgs('');
  const started = useRef(false);
  const valid = Number.isInteger(orgId) && orgId > 0;

  const run = (destination: string) => {
    if (started.current) return;
    started.current = true;
    switchOrganisation.mutate(orgId, {
      onSuccess: () => navigate(destination, { replace: true }),
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(MSG.switchFailed);
        navigate('/switch-organisation', { replace: true });
      },
    });
  };

  useEffect(() => {
    if (!valid) {
      // Once, however often the page renders before it leaves.
      if (started.current) return;
      started.current = true;
      showErrorBanner(MSG.switchFailed);
      navigate('/switch-organisation', { replace: true });
    } else if (!target) {
      run('/dashboard');
    }
  });

  if (!valid || !target) return <FullPageLoader label="Switching organisation…" />;

  const known = [...(orgs.data?.recent ?? []), ...(orgs.data?.results ?? [])].find((org) => org.id === orgId);
  const name = known?.name ?? `organisation ${orgId}`;

  return (
    <Modal
      opened
      onClose={() => navigate('/dashboard', { replace: true })}
      title="Change organisation?"
      centered
      closeOnClickOutside={!switchOrganisation.isPending}
    >
      <Text mb="lg">
        {`This link opens a page in ${name}. Change to that organisation and open ${targetName ?? target}?`}
      </Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => navigate('/dashboard', { replace: true })}
          disabled={switchOrganisation.isPending}
        >
          Cancel
        </Button>
        <Button onClick={() => run(target)} loading={switchOrganisation.isPending} data-autofocus>
          Change Organisation
        </Button>
      </Group>
    </Modal>
  );
}
