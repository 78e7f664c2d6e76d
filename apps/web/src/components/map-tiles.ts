/**
 * The map's tile source. OpenStreetMap's standard tiles by default; an installation with its own tile server
 * changes these two constants. Without network access the tiles do not load, and the map (marker, dragging,
 * double-click) still works over a plain background.
 */
export const MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_ATTRIBUTION = '&copy; OpenStreetMap contributors';
/** Where the map opens for an entity without a location: Wellington. */
export const MAP_DEFAULT_CENTRE: [number, number] = [-41.2865, 174.7762];
