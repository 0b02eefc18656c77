// Weather files as PVWatts v8 reads them (v8-weather.ts), and kept so in the database (weather-json.ts).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseEpw } from '../../src/data/weather/epw.ts';
import { parseSamCsv } from '../../src/data/weather/sam-csv.ts';
import { v8WeatherOf } from '../../src/data/weather/v8-weather.ts';
import { decodeWeather, encodeWeather } from '../../src/data/weather/weather-json.ts';

const SHARED = new URL('../../../shared/reference/', import.meta.url);
const skip = existsSync(SHARED) ? false : 'the shared reference folder is absent';
const read = (path: string) => readFileSync(new URL(path, SHARED), 'utf8');

test('EPW: instants at the minute field (0 in TMY3), albedo not read; NSRDB: minute 30, albedo read; TMY2: hours', {
  skip,
}, () => {
  const epw = v8WeatherOf(parseEpw(read('weather/USA_CO_Golden-NREL.724666_TMY3.epw')));
  assert.deepEqual(
    [epw.convention, epw.minute[0], epw.minute[8759], epw.albedo, epw.elevation],
    ['INSTANT', 0, 0, undefined, 1829],
  );
  const nsrdb = v8WeatherOf(
    parseSamCsv(read('solar/ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv')),
  );
  assert.deepEqual(
    [nsrdb.convention, nsrdb.minute[0], nsrdb.albedo?.[0], nsrdb.elevation],
    ['INSTANT', 30, 0.174, 358],
  );
  const tmy2 = v8WeatherOf(parseSamCsv(read('solar/ssc_weather-tmy2_USA_AZ_Phoenix.csv')));
  assert.deepEqual([tmy2.convention, tmy2.minute[0]], ['HOUR', 30]);
  // Kept and read back: the minute stamps, the convention, the station's elevation.
  const back = decodeWeather(encodeWeather(epw), epw.place, 1829);
  assert.deepEqual([back.convention, back.minute[0], back.minute.length, back.elevation], ['INSTANT', 0, 8760, 1829]);
  const old = decodeWeather(
    JSON.stringify({ ...JSON.parse(encodeWeather(tmy2)), minute: undefined, convention: undefined }),
    tmy2.place,
  );
  assert.deepEqual([old.convention, old.minute[0], old.elevation], ['HOUR', 30, 0]);
});

test("the air pressure for SPA's refraction: EPW Pa as mbar, NSRDB's Pressure and TMY2's Pres as they are; kept", {
  skip,
}, () => {
  // First rows: Golden CO EPW station pressure 80600 Pa; Phoenix NSRDB Pressure 970 mbar; Phoenix TMY2 Pres 983 mbar.
  const epw = v8WeatherOf(parseEpw(read('weather/USA_CO_Golden-NREL.724666_TMY3.epw')));
  const nsrdb = v8WeatherOf(
    parseSamCsv(read('solar/ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv')),
  );
  const tmy2 = v8WeatherOf(parseSamCsv(read('solar/ssc_weather-tmy2_USA_AZ_Phoenix.csv')));
  assert.deepEqual([epw.pressure?.[0], nsrdb.pressure?.[0], tmy2.pressure?.[0]], [806, 970, 983]);
  const back = decodeWeather(encodeWeather(epw), epw.place, 1829);
  assert.deepEqual(Array.from(back.pressure!), Array.from(epw.pressure!));
  // Weather kept before the pressure was has none: the model takes the standard atmosphere's.
  const old = decodeWeather(JSON.stringify({ ...JSON.parse(encodeWeather(tmy2)), pressure: undefined }), tmy2.place);
  assert.equal(old.pressure, undefined);
});
