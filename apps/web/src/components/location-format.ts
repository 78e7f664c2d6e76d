/** An entity's location in the one way every screen writes it (x is longitude, y latitude), or null. */
export function formatLocation(x: number | null, y: number | null): string | null {
  if (x === null || y === null) return null;
  return `Latitude ${y.toFixed(5)}, longitude ${x.toFixed(5)}`;
}
