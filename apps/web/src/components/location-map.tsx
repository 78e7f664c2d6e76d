import 'leaflet/dist/leaflet.css';
import { Box, Center, Group, Paper, Text } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { formatLocation } from './location-format';
import classes from './location-map.module.css';
import { MAP_DEFAULT_CENTRE, useTileState } from './map-tiles';

/** A pin drawn with CSS, so the marker needs no image files (and shows offline). */
const PIN = L.divIcon({
  className: '',
  html: '<div style="width:22px;height:22px;border-radius:50% 50% 50% 0;background:var(--mantine-color-verdant-7, #2f7d4f);border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

interface LocationMapProps {
  x: number | null;
  y: number | null;
  readOnly: boolean;
  onMove: (x: number, y: number) => void;
  /** What the marker is, e.g. 'Entity location'; also names the map's test id prefix. */
  title: string;
  testId: string;
  /** Where and how close the map opens without a location, and how close with one. */
  centre?: [number, number];
  zoom?: number;
  locatedZoom?: number;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

function DoubleClickToPlace({ readOnly, onMove }: Pick<LocationMapProps, 'readOnly' | 'onMove'>) {
  useMapEvents({
    dblclick(event) {
      if (readOnly) return;
      onMove(round(event.latlng.lng), round(event.latlng.lat));
    },
  });
  return null;
}

function FollowMarker({ position }: { position: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

/**
 * A location (an entity's, a data source's): a draggable marker; a double-click puts it where the pointer
 * is. Longitude is x, latitude is y.
 */
export function LocationMap({
  x,
  y,
  readOnly,
  onMove,
  title,
  testId,
  centre = MAP_DEFAULT_CENTRE,
  zoom = 10,
  locatedZoom = 14,
}: LocationMapProps) {
  const position: [number, number] | null = x !== null && y !== null ? [y, x] : null;
  const [tiles, tilesFailed] = useTileState(position ?? centre, position ? locatedZoom : zoom);
  const handlers = useMemo(
    () => ({
      dragend(event: L.LeafletEvent) {
        const at = (event.target as L.Marker).getLatLng();
        onMove(round(at.lng), round(at.lat));
      },
    }),
    [onMove],
  );
  return (
    <Box>
      <Box
        h={320}
        pos="relative"
        className={classes.map}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: '#e8eef0' }}
        data-testid={`${testId}-map`}
      >
        <MapContainer
          center={position ?? centre}
          zoom={position ? locatedZoom : zoom}
          doubleClickZoom={false}
          style={{ height: '100%', width: '100%', background: '#e8eef0' }}
        >
          {tiles.state === 'ready' && (
            <TileLayer
              url={tiles.tiles.url}
              attribution={tiles.tiles.attribution}
              // A server that stops answering is dropped at its first failure: no storm of failed requests.
              eventHandlers={{ tileerror: tilesFailed }}
            />
          )}
          <DoubleClickToPlace readOnly={readOnly} onMove={onMove} />
          <FollowMarker position={position} />
          {position && (
            <Marker
              position={position}
              draggable={!readOnly}
              eventHandlers={handlers}
              icon={PIN}
              title={title}
            />
          )}
        </MapContainer>
        {tiles.state === 'unavailable' && (
          <Center pos="absolute" inset={0} style={{ pointerEvents: 'none', zIndex: 500 }}>
            <Paper
              withBorder
              shadow="xs"
              p="xs"
              maw="80%"
              role="status"
              data-testid={`${testId}-map-unavailable`}
            >
              <Text fz="sm" fw={600}>
                Map unavailable
              </Text>
              <Text fz="xs">
                {tiles.reason === 'none'
                  ? 'This installation has no map tiles.'
                  : 'The map tiles could not be reached from this browser.'}
                {readOnly ? '' : ' The marker can still be placed and dragged.'}
              </Text>
            </Paper>
          </Center>
        )}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text fz="xs" c="dimmed">
          {readOnly ? 'Location' : 'Double-click the map to place the marker, or drag it.'}
        </Text>
        <Text fz="xs" c="dimmed" data-testid={`${testId}-location`}>
          {formatLocation(x, y) ?? 'No location set'}
        </Text>
      </Group>
    </Box>
  );
}
