import '@mantine/dates/styles.css';
import { Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { Organisation } from '@verdant/contracts/organisations';
import { DATE_FORMAT_DISPLAY } from '@verdant/domain/constants';
import { formatDisplayDate as formatDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { useSaveOrganisation } from '../api';
import { SettingsSection } from './settings-section';

/** Subscription: the expiry date, which can be cleared (no expiry). */
export function SubscriptionSection({ organisation }: { organisation: Organisation }) {
  const save = useSaveOrganisation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expiry = organisation.subscriptionExpiry;

  const saveExpiry = (value: string | null) => {
    setBusy(true);
    setError(null);
    save({ subscriptionExpiry: value })
      .catch((failure: unknown) => {
        if (!isSilentError(failure)) setError(errorMessage(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <SettingsSection
      title="Subscription"
      description={
        expiry ? `The subscription runs until ${formatDate(expiry)}.` : 'The subscription has no expiry date.'
      }
    >
      {organisation.mayEdit ? (
        <DateInput
          label="Subscription Expiry"
          name="subscriptionExpiry"
          placeholder="No expiry"
          clearable
          valueFormat={DATE_FORMAT_DISPLAY}
          value={expiry}
          error={error}
          disabled={busy}
          onChange={(value) => saveExpiry(value || null)}
          popoverProps={{ withinPortal: true }}
          w={220}
        />
      ) : (
        <Text fz="sm">{expiry ? formatDate(expiry) : 'No expiry'}</Text>
      )}
    </SettingsSection>
  );
}
