import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartPie, IconDownload, IconPhoto } from '@tabler/icons-react';
import type { PieDataRequest } from '@verdant/contracts/graphs';
import type { SearchResult } from '@verdant/contracts/search';
import type { GraphAsset, GraphQuantity, SplitKind } from '@verdant/domain/graphs/series';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { useRef, useState } from 'react';
import { AssetSearch } from '../../../components/asset-search';
import { ASSET_TYPE_LABELS, GRAPH_SOURCE_CHOICES } from '../../../components/asset-types';
import { type ChartHandle, registerChartParts } from '../../../components/chart';
import { MonthField } from '../../../components/date-fields';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePieData } from '../api';
import { thisMonth } from '../builder-state';
import { PieView, pieRows } from '../components/pie-view';
import { QuantitySelect } from '../components/quantity-select';
import { splitChoices } from '../components/split-choices';
import { StepCard } from '../components/step-card';
import { downloadCsv, downloadPng, fileName } from '../downloads';

// The Breakdown draws a pie (components/chart.tsx registers only the renderer).
registerChartParts([PieChart, LegendComponent, TitleComponent, TooltipComponent]);

const monthBefore = (month: string, n: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/**
 * The Breakdown (data-portal.md 2.7): a source, a quantity, how to split it and a period, then Create Graph
 * draws a pie; slices under 1% are grouped into 'Others (<1%)', which opens into its own slices.
 */
export function BreakdownPage() {
  useDocumentTitle('Breakdown');
  const [asset, setAsset] = useState<GraphAsset | null>(null);
  const [quantity, setQuantity] = useState<GraphQuantity | null>(null);
  const [split, setSplit] = useState<SplitKind | null>(null);
  const month = thisMonth(useOrganisationToday());
  const last = monthBefore(month, 1);
  const [from, setFrom] = useState<string | null>(monthBefore(last, 11));
  const [to, setTo] = useState<string | null>(last);
  const [request, setRequest] = useState<PieDataRequest | null>(null);
  const pie = usePieData(request);
  const chooseQuantity = (q: GraphQuantity | null) => {
    setQuantity(q);
    setSplit(null);
  };
  const choose = (a: GraphAsset | null) => {
    setAsset(a);
    chooseQuantity(null);
  };
  const handle = useRef<ChartHandle | null>(null);
  const valid = (m: string | null) => m !== null && /^\d{4}-\d{2}$/.test(m);
  const periodError =
    valid(from) && valid(to) && (from ?? '') > (to ?? '')
      ? 'The period must start before it ends'
      : valid(to) && (to ?? '') > month
        ? 'The end month cannot be after this month'
        : null;
  const ready = asset && quantity && split && valid(from) && valid(to) && !periodError;
  const title = request ? `${request.asset.text} - ${request.quantity.label}` : '';
  const choices = asset && quantity ? splitChoices(asset, quantity).filter((c) => c.value !== 'none') : [];

  return (
    <Stack gap="md">
      <PageHeader
        title="Breakdown"
        description="How a source's consumption, cost or emissions split, over a period."
      />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="sm">
        <StepCard number={1} title="Select Source" enabled onReset={asset ? () => choose(null) : undefined}>
          {asset ? (
            <Stack gap={2}>
              <Text fw={500}>{asset.text}</Text>
              <Text fz="xs" c="dimmed">
                {ASSET_TYPE_LABELS[asset.type]}
              </Text>
            </Stack>
          ) : (
            <AssetSearch
              types={GRAPH_SOURCE_CHOICES}
              initialType="organisation"
              selected={null}
              onSelect={(a: SearchResult | null) => a && choose({ type: a.type, id: a.id, text: a.name })}
            />
          )}
        </StepCard>
        <StepCard
          number={2}
          title="Quantity"
          enabled={asset !== null}
          onReset={quantity ? () => chooseQuantity(null) : undefined}
        >
          <QuantitySelect asset={asset} value={quantity} onChange={chooseQuantity} />
        </StepCard>
        <StepCard
          number={3}
          title="Deaggregation"
          enabled={quantity !== null}
          onReset={split ? () => setSplit(null) : undefined}
        >
          {choices.length > 0 ? (
            <Radio.Group aria-label="Deaggregation" value={split} onChange={(v) => setSplit(v as SplitKind)}>
              <Stack gap={6}>
                {choices.map((c) => (
                  <Radio key={c.value} value={c.value} label={c.label} disabled={!c.enabled} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text fz="sm" c="dimmed">
              Choose a quantity first.
            </Text>
          )}
        </StepCard>
        <StepCard number={4} title="Period" enabled={split !== null}>
          <Stack gap="xs">
            <MonthField label="From" value={from} onChange={setFrom} />
            <MonthField label="To" value={to} onChange={setTo} error={periodError} />
            <Button
              leftSection={<IconChartPie size={16} />}
              disabled={!ready}
              onClick={() =>
                asset &&
                quantity &&
                split &&
                from &&
                to &&
                setRequest({ asset, quantity, split, period: { from, to } })
              }
            >
              Create Graph
            </Button>
          </Stack>
        </StepCard>
      </SimpleGrid>
      {pie.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(pie.error)}
        </Alert>
      )}
      {request && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="flex-end" gap="xs" mb="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              disabled={!pie.data || pie.data.slices.length === 0}
              onClick={() => pie.data && void downloadCsv(pieRows(pie.data), fileName(title, 'csv'))}
            >
              Download data CSV
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              disabled={!pie.data || pie.data.slices.length === 0}
              onClick={() => {
                const png = handle.current?.toPng();
                if (png) downloadPng(png, fileName(title, 'png'));
              }}
            >
              Download image
            </Button>
          </Group>
          <PieView data={pie.data} loading={pie.isPending} title={title} handle={handle} />
        </Paper>
      )}
    </Stack>
  );
}
