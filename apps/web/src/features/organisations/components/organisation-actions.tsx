import { Button } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageActions } from '../../../components/page-actions';
import { useSession } from '../../../lib/session-store';
import { AddOrganisationModal } from './add-organisation-modal';

/** The organisation pages' Actions ribbon: Add Organisation for product administrators. */
export function OrganisationActions() {
  const productAdmin = useSession()?.user.productAdmin === true;
  const [adding, setAdding] = useState(false);
  if (!productAdmin) return null;
  return (
    <>
      <PageActions>
        <Button
          size="compact-sm"
          leftSection={<IconBuildingPlus size={16} />}
          onClick={() => setAdding(true)}
        >
          Add Organisation
        </Button>
      </PageActions>
      <AddOrganisationModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
