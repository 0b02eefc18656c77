// The centre of a set of ZIP code points: the mean of the coordinates of those that have them.

export interface Located {
  latitude: number | null;
  longitude: number | null;
}

export function centroid(points: readonly Located[]): { latitude: number; longitude: number } | null {
  const located = points.filter((p) => p.latitude !== null && p.longitude !== null);
  if (!located.length) return null;
  return {
    latitude: located.reduce((s, p) => s + p.latitude!, 0) / located.length,
    longitude: located.reduce((s, p) => s + p.longitude!, 0) / located.length,
  };
}
