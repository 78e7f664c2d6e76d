import { type MapTiles, referenceOperations } from '@verdant/contracts/reference';
import { useEffect, useRef, useState } from 'react';
import { useOperation } from '../lib/operations';

/** Where the map opens for an asset without a location: Wellington. */
export const MAP_DEFAULT_CENTRE: [number, number] = [-41.2865, 174.7762];

/** The installation's tile server (MAP_TILE_URL), asked once a session. */
export function useMapTiles() {
  return useOperation(referenceOperations.mapTiles, {}, { staleTime: Number.POSITIVE_INFINITY });
}

/** One tile's address for a template ('{s}' takes the first subdomain, as Leaflet's default 'a'). */
function tileAt(url: string, [lat, lng]: [number, number], zoom: number) {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return url
    .replace('{s}', 'a')
    .replace('{z}', String(zoom))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

/** Whether a tile server answered, by template: asked once per page load, whatever number of maps. */
const reachable = new Map<string, Promise<boolean>>();

function probe(url: string, centre: [number, number], zoom: number): Promise<boolean> {
  let answer = reachable.get(url);
  if (!answer) {
    answer = new Promise<boolean>((resolve) => {
      const image = new Image();
      const timer = window.setTimeout(() => resolve(false), 8000);
      image.onload = () => {
        window.clearTimeout(timer);
        resolve(true);
      };
      image.onerror = () => {
        window.clearTimeout(timer);
        resolve(false);
      };
      image.src = tileAt(url, centre, zoom);
    });
    reachable.set(url, answer);
  }
  return answer;
}

export type TileState =
  | { state: 'checking' }
  | { state: 'unavailable'; reason: 'none' | 'unreachable' }
  | { state: 'ready'; tiles: MapTiles & { url: string } };

/**
 * The tiles a map may draw: one tile is tried first, so an unreachable server (an intranet without internet,
 * a proxy) costs one failed request, not a screenful; `failed` marks a server that stopped answering later.
 */
export function useTileState(centre: [number, number], zoom: number): [TileState, () => void] {
  const tiles = useMapTiles();
  const [probed, setProbed] = useState<boolean | null>(null);
  const url = tiles.data?.url ?? null;
  // The first centre and zoom pick the tile tried; later moves do not try again.
  const first = useRef({ centre, zoom });
  useEffect(() => {
    if (!url) return;
    let live = true;
    void probe(url, first.current.centre, first.current.zoom).then((ok) => live && setProbed(ok));
    return () => {
      live = false;
    };
  }, [url]);
  const failed = () => {
    if (url) reachable.set(url, Promise.resolve(false));
    setProbed(false);
  };
  if (tiles.isError) return [{ state: 'unavailable', reason: 'unreachable' }, failed];
  if (!tiles.data || (url && probed === null)) return [{ state: 'checking' }, failed];
  if (!url) return [{ state: 'unavailable', reason: 'none' }, failed];
  if (!probed) return [{ state: 'unavailable', reason: 'unreachable' }, failed];
  return [{ state: 'ready', tiles: { url, attribution: tiles.data.attribution } }, failed];
}
