import { SimpleGrid, Switch } from '@mantine/core';
import type { Organisation } from '@verdant/contracts/organisations';
import { parseAlertSettings } from '@verdant/contracts/organisations/settings';
import { useState } from 'react';
import { InlineField } from '../../../components/inline-field';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useSaveSetting } from '../organisation-api';

const ALERTS = [
  {
    enabled: 'estimatesAlertEnabled',
    count: 'estimatesAlertCount',
    label: 'Alert on consecutive estimated readings',
    countLabel: 'Estimated readings before an alert',
  },
  {
    enabled: 'nillConsumptionAlertEnabled',
    count: 'nillConsumptionAlertCount',
    label: 'Alert on consecutive nil consumption',
    countLabel: 'Nil consumption periods before an alert',
  },
] as const;

/** Organisation Settings (Emissions and Alert Settings): each setting saved on its own. */
export function AlertSettingsSection({ organisation }: { organisation: Organisation }) {
  const save = useSaveSetting();
  const settings = parseAlertSettings(organisation.alertSettings);
  const readOnly = !organisation.mayEdit;
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = (key: string, value: boolean) => {
    setBusy(key);
    save(key, value)
      .catch((failure: unknown) => {
        if (!isSilentError(failure)) showErrorBanner(errorMessage(failure));
      })
      .finally(() => setBusy(null));
  };

  return (
    <SettingsSection
      title="Organisation Settings"
      description="Emissions and alert settings: when data sources raise alerts for estimated or nil readings."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        {ALERTS.map((alert) => (
          <div key={alert.enabled}>
            <Switch
              label={alert.label}
              checked={settings[alert.enabled]}
              disabled={readOnly || busy === alert.enabled}
              onChange={(event) => toggle(alert.enabled, event.currentTarget.checked)}
              mb="xs"
            />
            <InlineField
              name={alert.count}
              label={alert.countLabel}
              mode="integer"
              value={settings[alert.count] === null ? null : String(settings[alert.count])}
              readOnly={readOnly}
              onSave={(value) => save(alert.count, value)}
            />
          </div>
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}
