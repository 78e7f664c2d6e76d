import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type GraphDataRequest, type GraphSeriesDef, graphAsset } from '@verdant/contracts/graphs';
import { DEBOUNCE_MS, GRAPH_SERIES_MAX } from '@verdant/domain/constants';
import type { GraphAsset } from '@verdant/domain/graphs/series';
import { MSG } from '@verdant/domain/messages';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ChartHandle, registerChartParts } from '../../../components/chart';
import { useFavouriteGraphs } from '../../../components/favourite-graphs-api';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGraphData, useMeasured, useOrgId, useYearEnd } from '../api';
import {
  type BuilderGraph,
  emptyGraph,
  encodeBuilderGraph,
  graphFromDefinition,
  storedGraph,
  storeGraph,
} from '../builder-state';
import { BuilderSteps } from '../components/builder-steps';
import { FavouriteModal, OptionsModal } from '../components/graph-modals';
import { GraphToolbar } from '../components/graph-toolbar';
import { csvOf, GraphView } from '../components/graph-view';
import { SeriesList } from '../components/series-list';
import { downloadCsv, downloadPng, fileName } from '../downloads';

// The time series draws bars and lines (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent]);

/** The source the address names (asset-type, asset-id, asset-text: a site's quick action), if valid. */
function assetFromParams(params: URLSearchParams): GraphAsset | null {
  const parsed = graphAsset.safeParse({
    type: params.get('asset-type'),
    id: Number(params.get('asset-id')),
    text: params.get('asset-text') ?? '',
  });
  return parsed.success
    ? { ...parsed.data, text: parsed.data.text || `${parsed.data.type} ${parsed.data.id}` }
    : null;
}

/**
 * The time series (data-portal.md 2.7): /reports/ts, with `defaults` (an encoded graph: a favourite),
 * `asset-type`, `asset-id` and `asset-text` (the source to start from) and `clear` (start afresh). The graph
 * being built is kept for this tab while the user moves around.
 */
export function TimeSeriesPage() {
  useDocumentTitle('Time Series Graph');
  const { yearEnd, failed } = useYearEnd();
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        The organisation could not be read. Please try again.
      </Alert>
    );
  if (yearEnd === null)
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  return <Builder yearEnd={yearEnd} />;
}

function Builder({ yearEnd }: { yearEnd: number }) {
  const orgId = useOrgId();
  const [params, setParams] = useSearchParams();
  const today = useOrganisationToday();
  const [start] = useState(() => {
    const defaults = params.get('defaults');
    if (defaults !== null) {
      const opened = graphFromDefinition(defaults, yearEnd, today);
      return {
        graph: opened ?? emptyGraph(yearEnd, today),
        notice: opened ? null : MSG.graphDefinitionInvalid,
      };
    }
    const cleared = params.get('clear') !== null || params.get('asset-type') !== null;
    return {
      graph: (!cleared && storedGraph(orgId, yearEnd, today)) || emptyGraph(yearEnd, today),
      notice: null,
    };
  });
  const [initialAsset] = useState(() => assetFromParams(params));
  const [graph, setGraph] = useState<BuilderGraph>(start.graph);
  const [notice, setNotice] = useState<string | null>(start.notice);
  const [table, setTable] = useState(false);
  const [favouriteOpen, setFavouriteOpen] = useState(false);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const handle = useRef<ChartHandle | null>(null);
  const favourites = useFavouriteGraphs();

  // The address's one-off parameters are used once; what is being built lives on in this tab.
  useEffect(() => {
    if (['defaults', 'clear', 'asset-type', 'asset-id', 'asset-text'].some((k) => params.has(k)))
      setParams({}, { replace: true });
  }, [params, setParams]);
  useEffect(() => storeGraph(orgId, yearEnd, graph, today), [orgId, yearEnd, graph, today]);

  const change = (c: Partial<BuilderGraph>) => setGraph((g) => ({ ...g, ...c }));
  const request = useMemo<GraphDataRequest | null>(
    () =>
      graph.series.length === 0
        ? null
        : {
            series: graph.series,
            chart: graph.chart,
            period: graph.period,
            years: graph.years,
            endMonth: graph.endMonth,
          },
    [graph.series, graph.chart, graph.period, graph.years, graph.endMonth],
  );
  const [debounced] = useDebouncedValue(request, DEBOUNCE_MS);
  const answer = useGraphData(debounced);
  const firstAsset = graph.series[0]?.asset ?? null;
  const halfHour = useMeasured(firstAsset).quantities.data?.halfHour ?? false;
  const data = graph.series.length > 0 ? answer.data : undefined;
  // Downloads offer only the answer to what the graph asks now (not one still waiting for a change to settle).
  const hasData = data !== undefined && !answer.isPlaceholderData && debounced === request;
  const title = graph.title;

  const add = (series: GraphSeriesDef[]) => change({ series: [...graph.series, ...series] });

  return (
    <Stack gap="md">
      <PageHeader
        title="Time Series Graph"
        description="Choose a source, what to show and how to split it, then add it to the graph. Add as many series as you like."
      />
      {notice && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
          role="alert"
        >
          {notice}
        </Alert>
      )}
      <BuilderSteps initialAsset={initialAsset} room={GRAPH_SERIES_MAX - graph.series.length} onAdd={add} />
      <SeriesList series={graph.series} onChange={(series) => change({ series })} />
      <GraphToolbar
        graph={graph}
        yearEnd={yearEnd}
        halfHour={halfHour}
        table={table}
        hasData={hasData}
        onChange={change}
        onTable={setTable}
        onCsv={() => data && void downloadCsv(csvOf(data), fileName(title, 'csv'))}
        onImage={() => {
          const png = handle.current?.toPng();
          if (png) downloadPng(png, fileName(title, 'png'));
        }}
        onFavourite={() => setFavouriteOpen(true)}
        onOptions={() => setOptionsOpen(true)}
      />
      {answer.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(answer.error)}
        </Alert>
      )}
      {graph.series.length === 0 ? (
        <Text c="dimmed" fz="sm">
          The graph appears here once a series is added.
        </Text>
      ) : (
        <GraphView
          data={data}
          loading={data === undefined && !answer.isError}
          stale={answer.isPlaceholderData || answer.isFetching}
          title={title}
          legend={graph.legend}
          axes={graph.axes}
          table={table}
          handle={handle}
        />
      )}
      <FavouriteModal
        opened={favouriteOpen}
        onClose={() => setFavouriteOpen(false)}
        encoded={encodeBuilderGraph(graph, yearEnd, today)}
        suggestion={
          title ||
          (graph.series[0] ? `${graph.series[0].asset.text} - ${graph.series[0].quantity.label}` : '')
        }
        existing={(favourites.data ?? []).map((f) => f.name)}
      />
      <OptionsModal
        opened={optionsOpen}
        onClose={() => setOptionsOpen(false)}
        graph={graph}
        onChange={change}
      />
    </Stack>
  );
}
