// Which weather station a place takes: its climate zone's first, then the nearest, a newer data set at the same site.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseStation } from '../../../src/modules/solar/station-choice.ts';
import type { WeatherStation } from '../../../src/modules/solar/weather.repository.ts';

const station = (
  stationId: string,
  dataset: string,
  latitude: number,
  longitude: number,
  climateZone: string | null,
): WeatherStation => ({
  stationId,
  dataset,
  name: stationId,
  state: null,
  latitude,
  longitude,
  utcOffset: -7,
  elevation: null,
  climateZone,
  fileName: `${stationId}.csv`,
  source: 'test',
});
const phoenixTmy3 = station('TMY3-722780', 'TMY3', 33.45, -111.98, '2B');
const phoenixNsrdb = station('NSRDB-78208', 'NSRDB', 33.45, -111.98, '2B');
const phoenixTmy2 = station('TMY2-23183', 'TMY2', 33.433, -112.017, '2B');
const tucson = station('TMY3-722745', 'TMY3', 32.17, -110.88, '4B');
const lasVegas = station('TMY3-723860', 'TMY3', 36.08, -115.15, '3B');

describe('weather station of a place', () => {
  it("takes a station of the place's zone over a nearer one of another zone", () => {
    // A place beside Tucson (4B) but in zone 2B takes Phoenix, 150 km away.
    const c = chooseStation([tucson, phoenixTmy3], { latitude: 32.2, longitude: -110.9, climateZone: '2B' })!;
    assert.equal(c.station.stationId, 'TMY3-722780');
    assert.equal(c.sameZone, true);
    assert.ok(c.distanceKm > 150 && c.distanceKm < 190, String(c.distanceKm));
  });

  it('takes the nearest station of any zone when its zone has none, and says so', () => {
    const c = chooseStation([tucson, lasVegas], { latitude: 33.45, longitude: -112.07, climateZone: '2B' })!;
    assert.equal(c.station.stationId, 'TMY3-722745');
    assert.equal(c.sameZone, false);
    assert.equal(
      chooseStation([tucson, lasVegas], { latitude: 36, longitude: -115, climateZone: null })!.station.stationId,
      'TMY3-723860',
    );
  });

  it('prefers the newest data set at the same site (NSRDB PSM over TMY3 over TMY2)', () => {
    const place = { latitude: 33.43, longitude: -112.02, climateZone: '2B' };
    assert.equal(chooseStation([phoenixTmy2, phoenixTmy3, phoenixNsrdb], place)!.station.stationId, 'NSRDB-78208');
    assert.equal(chooseStation([phoenixTmy2, phoenixTmy3], place)!.station.stationId, 'TMY3-722780');
  });

  it('answers null with no stations', () => {
    assert.equal(chooseStation([], { latitude: 0, longitude: 0, climateZone: null }), null);
  });
});
