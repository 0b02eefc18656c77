import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  CLIMATE_SOURCE,
  CRB_CITIES,
  CRB_SOURCE,
  DEFAULT_MAX_NEAREST_KM,
  crbCityFor,
  greatCircleKm,
  parseStationZones,
  readStationZones,
  zipPlacesFromRows,
  zonesForZips,
  type StationZone,
  type ZipPlace,
} from '../../src/data/climate/climate-zones.ts';
import { geonamesFile, parseGeonames } from '../../src/data/zipcodes.seeder.ts';
import { referencePath } from '../helpers/reference.ts';

const CSV = referencePath('climate', 'openstudio-hpxml_weather_stations.csv');

/** The README's table: zone -> [stations, ZIPs]. */
const README_COUNTS: Record<string, [number, number]> = {
  '1A': [20, 593],
  '2A': [64, 2485],
  '2B': [7, 193],
  '3A': [116, 5548],
  '3B': [63, 2513],
  '3C': [15, 490],
  '4A': [127, 7832],
  '4B': [18, 565],
  '4C': [32, 876],
  '5A': [202, 12643],
  '5B': [78, 1954],
  '6A': [113, 3974],
  '6B': [35, 755],
  '7': [84, 986],
  '8': [30, 125],
};

let cache: { stations: Map<string, StationZone>; places: ZipPlace[] } | null = null;
function load() {
  cache ??= {
    stations: readStationZones(CSV!),
    places: zipPlacesFromRows(parseGeonames(readFileSync(geonamesFile(), 'utf8'))),
  };
  return cache;
}

const st = (zone: string, station = 'S'): StationZone => ({ zone, station, file: `${station}.epw`, wmo: '000000' });

describe('climate zones: the station table', () => {
  it('names its sources in one sentence each', () => {
    assert.match(CLIMATE_SOURCE, /OpenStudio-HPXML.*553cae2bd7caa8788bf8baf58faba2f71e00090c.*BSD-3-Clause/);
    assert.match(CRB_SOURCE, /REopt\.jl.*029db01dc17ddfc726b3fc5bb7fb72b8541cff0e/);
  });

  it('parses a small table and rejects malformed ones', () => {
    const head = 'weather_station_filename,weather_station_name,weather_station_wmo,iecc_cz,ashrae_622_wsf,zip_codes,,';
    const ok = parseStationZones(
      `${head}\r\nA.epw,Alpha,111111,5A,0.5,00501,01001,\r\nB.epw,Beta,222222,7,0.5,99701,,\r\n`,
    );
    assert.deepEqual([...ok.keys()], ['00501', '01001', '99701']);
    assert.deepEqual(ok.get('00501'), { zone: '5A', station: 'Alpha', file: 'A.epw', wmo: '111111' });
    assert.equal(ok.get('99701')!.zone, '7');
    assert.throws(() => parseStationZones(`${head}\nA.epw,Alpha,1,5A,0.5,00501,00501,\n`), /listed twice/);
    assert.throws(() => parseStationZones(`${head}\nA.epw,Alpha,1,5D,0.5,00501,,\n`), /bad climate zone/);
    assert.throws(() => parseStationZones(`${head}\nA.epw,Alpha,1,5A,0.5,501,,\n`), /bad ZIP code/);
    assert.throws(() => parseStationZones(`${head}\nA.epw,Alpha,1,5A,0.5,00501,\n`), /fields/);
    assert.throws(() => parseStationZones('weather_station_filename,zip_codes\n'), /no column/);
  });

  it('reads 41,532 ZIPs of 1,004 stations with the README counts per zone', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations } = load();
    assert.equal(stations.size, 41532);
    const files = new Map<string, string>();
    const zips: Record<string, number> = {};
    for (const s of stations.values()) {
      files.set(s.file, s.zone);
      zips[s.zone] = (zips[s.zone] ?? 0) + 1;
    }
    assert.equal(files.size, 1004);
    const stationsPerZone: Record<string, number> = {};
    for (const z of files.values()) stationsPerZone[z] = (stationsPerZone[z] ?? 0) + 1;
    for (const [zone, [nStations, nZips]] of Object.entries(README_COUNTS)) {
      assert.equal(zips[zone], nZips, `ZIPs in ${zone}`);
      assert.equal(stationsPerZone[zone], nStations, `stations in ${zone}`);
    }
    assert.deepEqual(Object.keys(zips).sort(), Object.keys(README_COUNTS).sort());
  });

  it('gives known cities their zone, keeping leading zeros', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations } = load();
    assert.equal(stations.get('02108')!.zone, '5A'); // Boston
    assert.equal(stations.get('02108')!.station, 'Boston Logan IAP');
    assert.equal(stations.get('33101')!.zone, '1A'); // Miami
    assert.equal(stations.get('85001')!.zone, '2B'); // Phoenix
    assert.equal(stations.get('99701')!.zone, '8'); // Fairbanks, AK: the table says 8 (Eielson AFB)
    assert.equal(stations.get('99701')!.station, 'Fairbanks Eielson A');
    assert.equal(stations.get('00501')!.zone, '4A'); // Holtsville NY (IRS): text, not the number 501
    assert.equal(stations.get('501'), undefined);
  });

  it('keeps the quirks of the table: Puerto Rico on Homestead FL, Guam on Shemya AK, both 1A', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations } = load();
    assert.equal(stations.get('00601')!.zone, '1A');
    assert.match(stations.get('00601')!.file, /^USA_FL_Homestead\.AFB/);
    assert.equal(stations.get('96910')!.zone, '1A');
    assert.match(stations.get('96910')!.file, /^USA_AK_Shemya\.AFB/);
  });
});

describe('climate zones: every ZIP code of the service', () => {
  it('zones every ZIP code with a state, from its row, its county or the nearest ZIP code', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations, places } = load();
    const zones = zonesForZips(stations, places);
    const all = zonesForZips(stations, places, { maxNearestKm: Infinity });
    const how = { station: 0, county: 0, nearest: 0 };
    for (const z of zones.values()) how[z.how]++;
    const inTable = places.filter((p) => stations.has(p.zip)).length;
    assert.equal(how.station, inTable);
    for (const p of places) {
      const z = zones.get(p.zip);
      if (p.state) assert.ok(z, `${p.zip} (${p.state}) has a zone`);
      if (!z) {
        // Only military post offices abroad (no state), far from every table ZIP code, go without.
        assert.equal(p.state, null, p.zip);
        assert.ok(all.get(p.zip)!.km! > DEFAULT_MAX_NEAREST_KM, p.zip);
      } else {
        assert.ok(Object.hasOwn(README_COUNTS, z.zone), `${p.zip}: ${z.zone}`);
        if (z.how === 'nearest') assert.ok(z.km! <= DEFAULT_MAX_NEAREST_KM, `${p.zip} ${z.km}`);
      }
    }
    assert.ok(how.county > 0 && how.nearest > 0, JSON.stringify(how));
    // The table's own rows are never overridden.
    assert.equal(zones.get('02108')!.zone, '5A');
    assert.equal(zones.get('02108')!.how, 'station');
    // 90134 (Los Angeles) is not in the table: Los Angeles County (06037) is mostly 3B.
    assert.deepEqual(zones.get('90134'), { zone: '3B', how: 'county', from: '06037', km: null });
    // A military post office on Wake Island takes the zone of the island's table ZIP code (96898).
    assert.equal(zones.get('96518')!.how, 'nearest');
    assert.equal(zones.get('96518')!.from, '96898');
    // One in Germany gets none by default, and a zone only when the limit is lifted.
    assert.equal(zones.get('09007'), undefined);
    assert.equal(all.size, places.length);
    assert.equal(all.get('09007')!.how, 'nearest');
    assert.ok(all.get('09007')!.km! > 3000);
    const missing = places.length - zones.size;
    t.diagnostic(
      `${places.length} ZIP codes: ${how.station} by station, ${how.county} by county, ${how.nearest} by nearest, ${missing} without (military abroad); with no limit ${all.size - zones.size} more by nearest`,
    );
  });

  it('does not depend on the order of the places', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations, places } = load();
    const a = zonesForZips(stations, places, { maxNearestKm: Infinity });
    const b = zonesForZips(stations, [...places].reverse(), { maxNearestKm: Infinity });
    assert.deepEqual(
      [...b].sort(([x], [y]) => (x < y ? -1 : 1)),
      [...a].sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  });

  it('puts a synthetic ZIP code in its county zone, or the nearest one when its county has none', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations, places } = load();
    assert.ok(!stations.has('00000') && !stations.has('00002'));
    // In Suffolk County MA (Boston) but with Miami's coordinates: the county decides.
    const inCounty: ZipPlace = { zip: '00000', state: 'MA', countyFips: '25025', lat: 25.77, lng: -80.19 };
    // In a county with no table ZIP codes, at Phoenix: the nearest ZIP code decides.
    const noCounty: ZipPlace = { zip: '00002', state: 'AZ', countyFips: '04999', lat: 33.4484, lng: -112.074 };
    const zones = zonesForZips(stations, [...places, inCounty, noCounty]);
    assert.deepEqual(zones.get('00000'), { zone: '5A', how: 'county', from: '25025', km: null });
    const near = zones.get('00002')!;
    assert.equal(near.zone, '2B');
    assert.equal(near.how, 'nearest');
    assert.equal(stations.get(near.from)!.zone, '2B');
    assert.ok(near.km! < 5, `${near.km}`);
  });

  it('finds the same nearest ZIP code as a brute-force search, anywhere on the globe', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations, places } = load();
    const donors = places.filter((p) => stations.has(p.zip) && p.lat !== null && p.lng !== null);
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const probes: ZipPlace[] = [];
    for (let i = 0; i < 300; i++) {
      // Half around the United States, half anywhere (poles and the antimeridian included).
      const lat = i % 2 ? 18 + rand() * 54 : Math.asin(2 * rand() - 1) * (180 / Math.PI);
      const lng = i % 2 ? -170 + rand() * 105 : -180 + rand() * 360;
      probes.push({ zip: `P${i}`, state: null, countyFips: null, lat, lng });
    }
    const zones = zonesForZips(stations, [...places, ...probes], { maxNearestKm: Infinity });
    for (const p of probes) {
      let best = Infinity;
      for (const d of donors) best = Math.min(best, greatCircleKm(p.lat!, p.lng!, d.lat!, d.lng!));
      const z = zones.get(p.zip)!;
      assert.ok(Math.abs(z.km! - best) < 1e-6, `${p.lat},${p.lng}: ${z.km} vs ${best}`);
    }
  });
});

describe('climate zones: pure fallback rules', () => {
  const stations = new Map([
    ['10001', st('5A', 'X')],
    ['10002', st('5A', 'X')],
    ['10003', st('6A', 'Y')],
    ['20001', st('4A', 'Z')],
    ['20002', st('3A', 'W')],
  ]);
  const places: ZipPlace[] = [
    { zip: '10001', state: 'AA', countyFips: '01001', lat: 40, lng: -100 },
    { zip: '10002', state: 'AA', countyFips: '01001', lat: 40, lng: -101 },
    { zip: '10003', state: 'AA', countyFips: '01001', lat: 41, lng: -99 },
    { zip: '20001', state: 'AA', countyFips: '01002', lat: 30, lng: -90 },
    { zip: '20002', state: 'AA', countyFips: '01002', lat: 30, lng: -92 },
  ];

  it('takes the most common zone of the county, not the nearest ZIP code in it', () => {
    const z = zonesForZips(stations, [
      ...places,
      { zip: '19999', state: 'AA', countyFips: '01001', lat: 41, lng: -99 },
    ]);
    assert.deepEqual(z.get('19999'), { zone: '5A', how: 'county', from: '01001', km: null });
  });

  it('breaks a tie in the county by the nearest of the tied ZIP codes', () => {
    const east = zonesForZips(stations, [
      ...places,
      { zip: '29999', state: 'AA', countyFips: '01002', lat: 30, lng: -90.1 },
    ]);
    assert.equal(east.get('29999')!.zone, '4A');
    const west = zonesForZips(stations, [
      ...places,
      { zip: '29999', state: 'AA', countyFips: '01002', lat: 30, lng: -91.9 },
    ]);
    assert.equal(west.get('29999')!.zone, '3A');
    const nowhere = zonesForZips(stations, [
      ...places,
      { zip: '29999', state: 'AA', countyFips: '01002', lat: null, lng: null },
    ]);
    assert.equal(nowhere.get('29999')!.zone, '3A'); // no coordinates: the smaller zone name
  });

  it('uses the nearest table ZIP code, within the limit, and never a zone it derived itself', () => {
    const extra: ZipPlace[] = [
      { zip: '39999', state: 'AA', countyFips: null, lat: 30, lng: -90.5 },
      { zip: '39998', state: 'AA', countyFips: '01001', lat: 30, lng: -90.5001 }, // 5A by county, next to 39999
      { zip: '39997', state: 'AA', countyFips: null, lat: 50, lng: -100 }, // ~1,000 km from 10003
      { zip: '39996', state: 'AA', countyFips: null, lat: null, lng: null },
    ];
    const z = zonesForZips(stations, [...places, ...extra]);
    assert.equal(z.get('39999')!.zone, '4A');
    assert.equal(z.get('39999')!.from, '20001');
    assert.ok(Math.abs(z.get('39999')!.km! - greatCircleKm(30, -90.5, 30, -90)) < 1e-9);
    assert.deepEqual(z.get('39998'), { zone: '5A', how: 'county', from: '01001', km: null });
    assert.equal(z.get('39997'), undefined);
    assert.equal(z.get('39996'), undefined);
    const far = zonesForZips(stations, [...places, ...extra], { maxNearestKm: Infinity });
    assert.equal(far.get('39997')!.from, '10003');
    assert.equal(far.get('39997')!.zone, '6A');
    assert.equal(far.get('39996'), undefined);
  });

  it('ignores table ZIP codes that are not in the places', () => {
    const z = zonesForZips(stations, places.slice(0, 1));
    assert.deepEqual([...z.keys()], ['10001']);
  });
});

describe('climate zones: CRB cities', () => {
  it('has one city for each zone but 3B, which has two', () => {
    assert.equal(CRB_CITIES.length, 16);
    assert.deepEqual(
      CRB_CITIES.filter((c) => c.zone === '3B').map((c) => c.city),
      ['LasVegas', 'LosAngeles'],
    );
    for (const c of CRB_CITIES) assert.equal(crbCityFor(c.zone, c.lat, c.lng), c.city);
  });

  it('picks the nearer 3B city, LasVegas without coordinates', () => {
    assert.equal(crbCityFor('3B', 36.1699, -115.1398), 'LasVegas');
    assert.equal(crbCityFor('3B', 34.0522, -118.2437), 'LosAngeles');
    assert.equal(crbCityFor('3B', 31.7619, -106.485), 'LasVegas'); // El Paso
    assert.equal(crbCityFor('3B', 32.7157, -117.1611), 'LosAngeles'); // San Diego
    assert.equal(crbCityFor('3B', null, null), 'LasVegas');
  });

  it('maps a zone with no city of its own to the same letter at the nearest number', () => {
    assert.equal(crbCityFor('5C', 48, -123), 'Seattle');
    assert.equal(crbCityFor('1B', null, null), 'Phoenix');
    assert.equal(crbCityFor('0B', null, null), 'Phoenix');
    assert.equal(crbCityFor('0A', null, null), 'Miami');
    assert.equal(crbCityFor('7A', null, null), 'Duluth');
    assert.equal(crbCityFor('8', null, null), 'Fairbanks');
    assert.equal(crbCityFor('6b', null, null), 'Helena');
    assert.equal(crbCityFor('3', 37.4, -122), 'SanFrancisco');
    assert.throws(() => crbCityFor('5D', null, null), /not a climate zone/);
    assert.throws(() => crbCityFor('', null, null), /not a climate zone/);
  });

  it('maps every zone found for the ZIP codes to the city of that very zone', (t) => {
    if (!CSV) return t.skip('reference folder absent');
    const { stations, places } = load();
    const zones = zonesForZips(stations, places);
    const byPlace = new Map(places.map((p) => [p.zip, p]));
    const cities = new Map<string, Set<string>>();
    for (const [zip, z] of zones) {
      const p = byPlace.get(zip)!;
      const city = crbCityFor(z.zone, p.lat, p.lng);
      const crb = CRB_CITIES.find((c) => c.city === city);
      assert.ok(crb, city);
      assert.equal(crb.zone, z.zone, `${zip} ${z.zone} -> ${city}`);
      (cities.get(z.zone) ?? cities.set(z.zone, new Set()).get(z.zone)!).add(city);
    }
    assert.deepEqual([...cities.keys()].sort(), Object.keys(README_COUNTS).sort());
    assert.deepEqual([...cities.get('3B')!].sort(), ['LasVegas', 'LosAngeles']);
    t.diagnostic(
      [...cities]
        .sort()
        .map(([z, c]) => `${z}: ${[...c].join('/')}`)
        .join(', '),
    );
  });
});
