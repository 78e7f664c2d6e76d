import { Alert, Center, Loader, Stack } from '@mantine/core';
import { OrganisationLogoEditor } from '../../../components/organisation-logo-editor';
import { PageHeader } from '../../../components/page-header';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AlertSettingsSection } from '../components/alert-settings-section';
import { DetailsSection } from '../components/details-section';
import { GhgSettingsSection } from '../components/ghg-settings-section';
import { IntakeAddressesSection } from '../components/intake-addresses-section';
import { OrganisationActions } from '../components/organisation-actions';
import { ProcurementExpiriesSection } from '../components/procurement-expiries-section';
import { RestatementsSection } from '../components/restatements-section';
import { StatusSection } from '../components/status-section';
import { SubscriptionSection } from '../components/subscription-section';
import { TargetsSection } from '../components/targets-section';
import { TimeZoneSection } from '../components/time-zone-section';
import { useOrganisation } from '../organisation-api';

/**
 * /organisation/settings: details, subscription, settings, GHG reporting, expiries, invoices by email (its
 * administrators only), targets and status.
 */
export function OrganisationSettingsPage() {
  useDocumentTitle('Organisation Settings');
  const organisation = useOrganisation();
  const o = organisation.data;

  return (
    <>
      <PageHeader
        title={o?.name ?? 'Organisation'}
        description={
          o && !o.mayEdit ? 'Only the organisation’s administrators can change these settings.' : undefined
        }
      />
      <OrganisationActions />
      {organisation.isError && <Alert color="red">{errorMessage(organisation.error)}</Alert>}
      {organisation.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading the organisation" />
        </Center>
      )}
      {o && (
        <Stack gap="md">
          <DetailsSection organisation={o} />
          <SubscriptionSection organisation={o} />
          <AlertSettingsSection organisation={o} />
          <TimeZoneSection organisation={o} />
          <GhgSettingsSection organisation={o} />
          <RestatementsSection mayEdit={o.mayEdit} />
          <ProcurementExpiriesSection mayEdit={o.mayEdit} />
          <SettingsSection title="Logo" description="Shown in the top bar and on reports.">
            <OrganisationLogoEditor organisationId={o.id} />
          </SettingsSection>
          {/* Its calls are the administrators' own (docs/decisions/email-intake.md): not shown to others. */}
          {o.mayEdit && <IntakeAddressesSection />}
          <TargetsSection organisation={o} />
          <StatusSection organisation={o} />
        </Stack>
      )}
    </>
  );
}
