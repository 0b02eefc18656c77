// Which weather station a place takes: one in the place's IECC climate zone when any has a file, else any; the
// nearest of those, except that a newer data set within 10 km of the nearest wins (NSRDB PSM over TMY3 over TMY2 at
// the same site: Phoenix has all three). Zone first because a station in the same climate is the better stand-in for
// the place's sky than a nearer one across a climate boundary (the coast and the desert of southern California).
import { greatCircleKm } from '../../data/climate/climate-zones.ts';
import { DATASET_RANK } from '../../data/weather/reference-weather.ts';
import type { WeatherStation } from './weather.repository.ts';

/** How much farther a newer data set may be than the nearest station and still be taken. */
const SAME_SITE_KM = 10;

export interface StationChoice {
  station: WeatherStation;
  distanceKm: number;
  /** Whether the station is in the place's climate zone. */
  sameZone: boolean;
}

export function chooseStation(
  stations: readonly WeatherStation[],
  place: { latitude: number; longitude: number; climateZone: string | null },
): StationChoice | null {
  const inZone = place.climateZone === null ? [] : stations.filter((s) => s.climateZone === place.climateZone);
  const pool = (inZone.length ? inZone : stations).map((station) => ({
    station,
    distanceKm: greatCircleKm(place.latitude, place.longitude, station.latitude, station.longitude),
  }));
  if (!pool.length) return null;
  const nearest = Math.min(...pool.map((p) => p.distanceKm));
  const rank = (s: WeatherStation) => DATASET_RANK[s.dataset] ?? 0;
  const best = pool
    .filter((p) => p.distanceKm <= nearest + SAME_SITE_KM)
    .sort(
      (a, b) =>
        rank(b.station) - rank(a.station) ||
        a.distanceKm - b.distanceKm ||
        a.station.stationId.localeCompare(b.station.stationId),
    )[0]!;
  return { ...best, sameZone: inZone.length > 0 };
}
