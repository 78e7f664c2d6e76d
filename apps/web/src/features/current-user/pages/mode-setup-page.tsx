import {
  Alert,
  Anchor,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import {
  featureSetting,
  featuresOf,
  MODE_SETTING,
  readPreferences,
  SETUP_TITLES,
  type SetupProduct,
  setupProductOf,
  VIEW_MODE_LABELS,
  VIEW_MODES,
  type ViewMode,
} from '@verdant/domain/user-preferences';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveUserSettings, useUserSettings } from '../api';

const MODE_DESCRIPTIONS: Record<ViewMode, string> = {
  carbon: 'Emissions first: figures in kg CO2e, by scope and against targets.',
  energy: 'Consumption and cost first: figures in kWh and dollars.',
  classic: 'The original layout, with every measure side by side.',
};

/** /my-details/{carbon|energy}-setup; any other product is not a page. */
export function ModeSetupPage() {
  const product = setupProductOf(useParams().setup);
  return product ? <ModeSetup key={product} product={product} /> : <NotFoundPage />;
}

function ModeSetup({ product }: { product: SetupProduct }) {
  useDocumentTitle(SETUP_TITLES[product]);
  const settings = useUserSettings();
  const save = useSaveUserSettings();

  const store = (values: Record<string, string>) =>
    save.mutate(values, {
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error), 'Choice not saved');
      },
    });

  const status = save.isPending ? (
    <Group gap={6}>
      <Loader size={14} />
      <Text fz="sm" c="dimmed">
        Saving…
      </Text>
    </Group>
  ) : save.isSuccess ? (
    <Group gap={6}>
      <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
      <Text fz="sm" c="dimmed">
        Saved
      </Text>
    </Group>
  ) : null;

  return (
    <>
      <Anchor component={Link} to="/my-details" fz="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          My Details
        </Group>
      </Anchor>
      <PageHeader
        title={SETUP_TITLES[product]}
        description="Your choices apply wherever you sign in. They are saved as you make them."
        right={<div role="status">{status}</div>}
      />
      {settings.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading your choices" />
        </Center>
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert" maw={720}>
          {errorMessage(settings.error)}
        </Alert>
      ) : (
        <SetupForm settings={settings.data} product={product} onStore={store} />
      )}
    </>
  );
}

function SetupForm({
  settings,
  product,
  onStore,
}: {
  settings: Record<string, string>;
  product: SetupProduct;
  onStore: (values: Record<string, string>) => void;
}) {
  const preferences = readPreferences(settings, product);
  return (
    <Stack gap="lg" maw={720}>
      <Paper withBorder radius="md" p="lg">
        <Radio.Group
          label="View mode"
          description={`One choice for the whole portal: ${SETUP_TITLES[product === 'carbon' ? 'energy' : 'carbon']} shows the same.`}
          styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 650, marginBottom: 4 } }}
          value={preferences.mode}
          onChange={(value) => onStore({ [MODE_SETTING]: value })}
        >
          <Stack gap="sm" mt="xs">
            {VIEW_MODES.map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={VIEW_MODE_LABELS[mode]}
                description={MODE_DESCRIPTIONS[mode]}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="md">
            {product === 'carbon' ? 'Carbon features' : 'Energy features'}
          </Title>
          {featuresOf(product).map((feature) => (
            <Checkbox
              key={feature.name}
              label={feature.label}
              checked={preferences.features[feature.name]}
              onChange={(event) =>
                onStore({ [featureSetting(feature.name)]: String(event.currentTarget.checked) })
              }
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
