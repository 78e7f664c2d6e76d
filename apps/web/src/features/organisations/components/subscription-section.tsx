import { Text } from '@mantine/core';
import type { Organisation } from '@verdant/contracts/organisations';
import { formatDisplayDate as formatDate, parseDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { useSaveOrganisation } from '../organisation-api';

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
        <DateField
          label="Subscription Expiry"
          name="subscriptionExpiry"
          placeholder="No expiry"
          clearable
          value={expiry}
          error={error}
          disabled={busy}
          onChange={(value) => {
            if (value === null || parseDisplayDate(value)) saveExpiry(value);
          }}
          w={220}
        />
      ) : (
        <Text fz="sm">{expiry ? formatDate(expiry) : 'No expiry'}</Text>
      )}
    </SettingsSection>
  );
}
