import { Button, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import type { EditionPolicy } from '@verdant/contracts/catalogue-restatements';
import { useState } from 'react';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useEditionPolicy, useSaveRestatementSettings } from '../restatements-api';
import { EditionChoice } from './edition-choice';
import { RestatementsList } from './restatements-list';

function Settings({ policy }: { policy: EditionPolicy }) {
  const [threshold, setThreshold] = useState<number | string>(policy.significanceThreshold);
  const [text, setText] = useState(policy.recalculationPolicy ?? '');
  const save = useSaveRestatementSettings();
  return (
    <Stack gap="xs">
      <Group align="end" wrap="wrap">
        <NumberInput
          label="Significance threshold (%)"
          min={0}
          max={100}
          w={220}
          value={threshold}
          onChange={setThreshold}
        />
      </Group>
      <Textarea
        label="Recalculation policy"
        description="When past years are restated, for annual disclosures."
        autosize
        minRows={2}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={720}
      />
      <Group>
        <Button
          variant="light"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { significanceThreshold: Number(threshold) || 0, recalculationPolicy: text.trim() || null },
              {
                onSuccess: () => showSuccessBanner('Restatement settings saved'),
                onError: (e) => showErrorBanner(errorMessage(e)),
              },
            )
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Factor editions and restatements on GHG Reporting Settings (the organisation's administrators): which editions
 * it uses, its significance threshold and recalculation policy, and every restatement of its figures.
 */
export function RestatementsSection({ mayEdit }: { mayEdit: boolean }) {
  const policy = useEditionPolicy(mayEdit);
  if (!mayEdit || !policy.data) return null;
  return (
    <SettingsSection
      title="Factor editions and restatements"
      description="Which edition of the emission factors each period uses, and every change that moved figures already reported."
    >
      <Title order={3} size="h6">
        Which editions
      </Title>
      <EditionChoice key={JSON.stringify(policy.data.pins) + policy.data.mode} policy={policy.data} />
      <Title order={3} size="h6" mt="sm">
        Significance
      </Title>
      <Settings policy={policy.data} />
      <Title order={3} size="h6" mt="sm">
        Restatements
      </Title>
      <Text size="xs" c="dimmed">
        Each reporting year’s kg CO2e (scope 1, location-based scope 2 and scope 3), as originally reported
        and as restated.
      </Text>
      <RestatementsList />
    </SettingsSection>
  );
}
