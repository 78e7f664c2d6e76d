import { Anchor } from '@mantine/core';
import { decodeGraph } from '@verdant/contracts/graphs';
import { seriesName } from '@verdant/domain/graphs/series';
import { Link } from 'react-router';
import {
  useDeleteFavouriteGraph,
  useFavouriteGraphs,
  useRenameFavouriteGraph,
} from '../../../components/favourite-graphs-api';
import { FavouritesList } from './favourites-list';

/** What a saved graph shows, in a few words ('Yearly Chart by month: Head Office - Energy consumption, …'). */
function describe(graph: string): string {
  const g = decodeGraph(graph);
  if (!g) return 'This graph can no longer be read.';
  const chart = g.chart === 'yearly' ? 'Yearly Chart' : 'Timeseries Chart';
  const names = g.series.map(seriesName);
  const shown = names.slice(0, 3).join(', ');
  return `${chart} by ${g.period}: ${shown}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
}

/**
 * The dashboard's Favourite Graphs tab (core-portal.md, Dashboard): each favourite opens the time series as
 * saved (/reports/ts?defaults=…), and can be renamed or deleted. No chart code loads here.
 */
export function FavouriteGraphs() {
  const favourites = useFavouriteGraphs();
  const remove = useDeleteFavouriteGraph();
  const rename = useRenameFavouriteGraph();
  return (
    <FavouritesList
      kind="graphs"
      query={favourites}
      rows={(favourites.data ?? []).map((f) => ({
        name: f.name,
        title: (
          <Anchor component={Link} to={`/reports/ts?${new URLSearchParams({ defaults: f.graph })}`} fw={500}>
            {f.name}
          </Anchor>
        ),
        description: describe(f.graph),
      }))}
      remove={remove}
      rename={rename}
      deleteText={(name) => `Delete the favourite graph ${name}? The figures behind it are not touched.`}
    />
  );
}
