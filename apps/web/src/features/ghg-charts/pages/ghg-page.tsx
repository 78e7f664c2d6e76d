import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconChartBar,
  IconChartDonut,
  IconChartPie,
  IconFileCertificate,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGhgGroupings } from '../api';
import { type ChartDef, type ChartKind, chartsFor } from '../chart-kinds';
import { GhgChartModal } from '../components/ghg-chart-modal';

const ICONS: Record<ChartKind, typeof IconChartPie> = {
  'total-pie': IconChartPie,
  'sources-bar': IconChartBar,
  'division-pie': IconChartDonut,
  'division-scope': IconStack2,
  activity: IconChartBar,
  'division-activity': IconStack2,
};

/**
 * GHG Graphs (/reports/ghg, data-portal.md 2.7): the intro, Reporting Settings, and a tile per chart; the
 * division charts show once the organisation has a grouping, the last one with two.
 */
export function GhgPage() {
  useDocumentTitle('GHG Graphs');
  const groupings = useGhgGroupings();
  const [open, setOpen] = useState<ChartDef | null>(null);
  const list = groupings.data ?? [];
  const charts = chartsFor(list.length);

  return (
    <>
      <PageHeader
        title="GHG Graphs"
        description="Your organisation’s greenhouse gas emissions in kilograms of CO2e, by scope as the GHG Protocol defines them: scope 1 from fuel you burn, scope 2 from the electricity you buy, scope 3 from other sources such as water and transmission losses. Scope 2 is shown location-based (the grid average) with the market-based figure beside it, which takes your certificates and supplier-specific factors and the residual mix for the rest. Every figure says whether it is built from months that are incomplete or estimated."
        right={
          <Group gap="xs">
            <Button
              component={Link}
              to="/organisation/settings#section-ghg-reporting-settings"
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              Reporting Settings
            </Button>
            <Button
              component={Link}
              to="/organisation/scope2-instruments"
              variant="default"
              leftSection={<IconFileCertificate size={16} />}
            >
              Certificates and supplier factors
            </Button>
          </Group>
        }
      />
      {groupings.isError && <Alert color="red">{errorMessage(groupings.error)}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {groupings.isPending
          ? [1, 2].map((i) => <Skeleton key={i} h={150} radius="md" />)
          : charts.map((def) => {
              const Icon = ICONS[def.kind];
              return (
                <Card key={def.kind} withBorder radius="md" padding="md">
                  <Stack gap="xs" h="100%">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                        <Icon size={20} />
                      </ThemeIcon>
                      <Title order={2} fz="md">
                        {def.title}
                      </Title>
                    </Group>
                    <Text fz="sm" c="dimmed" style={{ flex: 1 }}>
                      {def.description}
                    </Text>
                    <Button variant="light" onClick={() => setOpen(def)} aria-label={`Open ${def.title}`}>
                      Open
                    </Button>
                  </Stack>
                </Card>
              );
            })}
      </SimpleGrid>
      {!groupings.isPending && list.length < 2 && (
        <Text fz="sm" c="dimmed" mt="md">
          {list.length === 0
            ? 'The charts by division appear once the organisation has a grouping of sites or data sources (Groups, Groupings).'
            : 'Emissions By Division By Activity appears once the organisation has two groupings.'}
        </Text>
      )}
      {open && <GhgChartModal def={open} groupings={list} onClose={() => setOpen(null)} />}
    </>
  );
}
