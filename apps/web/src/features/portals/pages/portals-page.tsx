import { Button, Stack, Text } from '@mantine/core';
import type { DataEntryPortal } from '@verdant/contracts/portals/shapes';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePortals } from '../api';
import { ContactsModal } from '../components/contacts-modal';
import { CustomPortals } from '../components/custom-portals';
import { LinkSettingsModal } from '../components/link-settings-modal';
import { PortalCard } from '../components/portal-card';
import { PortalFormModal } from '../components/portal-form-modal';
import { ReviewModal } from '../components/review-modal';

type Open =
  | { kind: 'new' }
  | { kind: 'edit' | 'review' | 'contacts' | 'link'; portal: DataEntryPortal }
  | null;

function DataEntryPortals() {
  const portals = usePortals();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <PageHeader
        title="Data Entry Portals"
        description="Links people without an account open to enter each period's figures."
        right={<Button onClick={() => setOpen({ kind: 'new' })}>New Portal</Button>}
      />
      <QueryState query={portals}>
        {(data) => (
          <Stack>
            {data.portals.length === 0 && <Text c="dimmed">No portals yet.</Text>}
            {data.portals.map((p) => (
              <PortalCard
                key={p.id}
                portal={p}
                onEdit={() => setOpen({ kind: 'edit', portal: p })}
                onReview={() => setOpen({ kind: 'review', portal: p })}
                onContacts={() => setOpen({ kind: 'contacts', portal: p })}
                onLinkSettings={() => setOpen({ kind: 'link', portal: p })}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {open?.kind === 'new' && <PortalFormModal portal={null} onClose={close} />}
      {open?.kind === 'edit' && <PortalFormModal portal={open.portal} onClose={close} />}
      {open?.kind === 'review' && <ReviewModal portal={open.portal} onClose={close} />}
      {open?.kind === 'contacts' && <ContactsModal portal={open.portal} onClose={close} />}
      {open?.kind === 'link' && <LinkSettingsModal portal={open.portal} onClose={close} />}
    </>
  );
}

/** /portals, /portals/data-entry-portals and /portals/custom-portals (data-portal.md 2.9). */
export function PortalsPage() {
  const custom = useLocation().pathname.endsWith('/custom-portals');
  useDocumentTitle(custom ? 'Custom Portals' : 'Data Entry Portals');
  if (!custom) return <DataEntryPortals />;
  return (
    <>
      <PageHeader title="Custom Portals" />
      <CustomPortals />
    </>
  );
}
