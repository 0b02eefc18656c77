// The typical-year weather files read in place: EPW (LF and CRLF, hour-ending rows made hour-beginning) and SAM CSV,
// kept in the database and read back unchanged; the seeded stations with their zones and sources.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { parseEpw } from '../../src/data/weather/epw.ts';
import { readReferenceWeather } from '../../src/data/weather/reference-weather.ts';
import { decodeWeather, encodeWeather } from '../../src/data/weather/weather-json.ts';
import { WeatherRepository } from '../../src/modules/solar/weather.repository.ts';
import { dialects } from '../helpers/dialects.ts';
import { REFERENCE_DIR } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const epw = (name: string) => readFileSync(`${REFERENCE_DIR}/weather/${name}`, 'utf8');
const total = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);

describe('EPW typical years', () => {
  it("reads an LF file: its place, 8,760 hour-beginning rows and the README's annual sums", () => {
    const w = parseEpw(epw('USA_CO_Golden-NREL.724666_TMY3.epw'));
    assert.deepEqual(w.place, { latitude: 39.74, longitude: -105.18, timeZone: -7 });
    assert.deepEqual(
      [w.station.source, w.station.id, w.station.state, w.station.elevation],
      ['TMY3', '724666', 'CO', 1829],
    );
    assert.equal(w.ghi.length, 8760);
    // Row 1 is Jan 1 hour 1 (00:00-01:00): hour 0 here; the last row Dec 31 hour 24: hour 23.
    assert.deepEqual(
      [w.month[0], w.day[0], w.hour[0], w.month[8759], w.day[8759], w.hour[8759]],
      [1, 1, 0, 12, 31, 23],
    );
    // The README's quick reference: GHI 1,619.9, DNI 1,866.5, DHI 577.9 kWh/m2; mean dry bulb 9.76 C.
    assert.equal(Math.round(total(w.ghi) / 100) / 10, 1619.9);
    assert.equal(Math.round(total(w.dni) / 100) / 10, 1866.5);
    assert.equal(Math.round(total(w.dhi) / 100) / 10, 577.9);
    assert.equal(Math.round((total(w.airTemperature) / 8760) * 100) / 100, 9.76);
  });

  it("reads a CRLF re-issue, its albedo of 0 left to the model's default", () => {
    const w = parseEpw(epw('USA_MN_Minneapolis-St.Paul.Intl.AP.726580_TMY3.epw'));
    assert.equal(w.place.latitude, 44.883);
    assert.equal(Math.round(total(w.ghi) / 100) / 10, 1398.8);
    assert.ok(Array.from(w.albedo!).every((a) => a === 0));
  });

  it('refuses a file that is not a typical year', () => {
    assert.throws(() => parseEpw('LOCATION,X,CO,USA,TMY3,1,39,-105,-7,1800\n'), /8,760 hourly rows/);
    assert.throws(() => parseEpw('hello'), /LOCATION/);
  });

  it('keeps every reference file in the database as read', () => {
    const files = readReferenceWeather(REFERENCE_DIR);
    assert.equal(files.filter((f) => f.file.endsWith('.epw')).length, 19);
    assert.equal(files.filter((f) => f.file.endsWith('.csv')).length, 6);
    for (const f of files) {
      const back = decodeWeather(encodeWeather(f.weather), f.weather.place);
      assert.ok(Math.abs(total(back.ghi) - total(f.weather.ghi)) < 1, f.file);
      assert.deepEqual(
        [back.month[5000], back.day[5000], back.hour[5000]],
        [f.weather.month[5000], f.weather.day[5000], f.weather.hour[5000]],
      );
      assert.match(f.source, /@ `?[0-9a-f]{7,40}/, `${f.file}: ${f.source}`);
    }
  });
});

for (const dialect of dialects) {
  describe(`weather stations seeded on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full' });
    });
    after(() => t.close());

    it("loads 25 stations with zones: the table's for TMY3, the nearest ZIP code's for the others", async () => {
      const stations = await new WeatherRepository(t.db).stations();
      assert.equal(stations.length, 25);
      const zone = (id: string) => stations.find((s) => s.stationId === id)?.climateZone;
      assert.equal(zone('TMY3-724940'), '3C');
      assert.equal(zone('TMY3-702610'), '8');
      assert.equal(zone('NSRDB-757516'), '5A');
      assert.ok(['3B', '3C'].includes(zone('TMY3-722950')!), String(zone('TMY3-722950')));
      const desMoines = stations.find((s) => s.stationId === 'NSRDB-757516')!;
      assert.match(desMoines.name, /Des Moines, IA \(NSRDB location 757516\)/);
      assert.equal(desMoines.utcOffset, -6);
    });
  });
}
