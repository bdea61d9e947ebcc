// Marker clustering for the map view, without a plugin: points whose screen positions fall in the same square of
// `cell` pixels at the current zoom form one cluster. Pure (positions are given), so it runs per zoom level in the
// browser and is tested in Node.

export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Groups `items` by the `cell`-pixel square their screen position falls in, in the order of their first item.
 * A group of one is a single marker; a bigger group is drawn as one cluster with its count.
 */
export function gridClusters<T>(items: readonly T[], position: (item: T) => ScreenPoint, cell: number): T[][] {
  if (!(cell > 0)) throw new RangeError("cell must be positive");
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const p = position(item);
    const key = `${Math.floor(p.x / cell)}:${Math.floor(p.y / cell)}`;
    const g = groups.get(key);
    if (g) g.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/** The label of a cluster: its count, for screen readers too. */
export function clusterLabel(count: number): string {
  return `${count} épreuves à cet endroit\u00a0: zoomer pour les voir`;
}
