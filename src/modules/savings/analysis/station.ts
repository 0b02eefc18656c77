// The weather station the PV output of a place is modelled at, chosen once per request (its designs share it).
import type { SolarService } from '../../solar/solar.service.ts';
import type { StationChoice } from '../../solar/station-choice.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import type { Memo } from './types.ts';

export function stationOf(solar: Pick<SolarService, 'station'>, zip: ZipRow, memo: Memo): Promise<StationChoice> {
  if (!memo.stations.has(zip.zipcode))
    memo.stations.set(
      zip.zipcode,
      solar.station(
        { latitude: zip.latitude ?? 0, longitude: zip.longitude ?? 0, climateZone: zip.climate_zone ?? null },
        'address',
      ),
    );
  return memo.stations.get(zip.zipcode)!;
}
