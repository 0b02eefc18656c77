// The production step's own parts: PV output as given (a typical year on year one's dates, or dated hourly data over
// year one exactly) and hourly output on a finer grid.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { givenProduction, hourlyOnGrid } from '../../../../src/modules/savings/analysis/production.ts';
import { stationOf } from '../../../../src/modules/savings/analysis/station.ts';
import type { Usage } from '../../../../src/modules/savings/analysis/types.ts';
import { H, planOf, refuses, zipRow } from './fixtures.ts';

const FROM = Date.parse('2027-01-01T00:00:00Z');
const TO = Date.parse('2028-01-01T00:00:00Z');
const hourly = (n: number): Usage => ({
  from: FROM,
  duration: H,
  values: new Float64Array(n),
  noted: '',
  accuracy: 100,
  dataValue: null,
  more: [],
});

describe('the production step', () => {
  it('shares each hour over the intervals of a finer grid', () => {
    // 15-minute grid: 2 kWh in hour 0 is 0.5 in each quarter.
    const out = hourlyOnGrid([2, 4], { duration: H / 4, values: new Float64Array(8) });
    assert.deepEqual([...out], [0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1]);
  });

  it('takes dated hourly output over year one as given, times its dataFactor', () => {
    const values = Array.from({ length: 8760 }, (_, k) => (k === 12 ? 3 : 0));
    const plan = planOf([
      {
        keyName: 'solarProduction',
        fromDateTime: '2027-01-01T00:00:00Z',
        duration: H,
        dataFactor: 2,
        dataSeries: values,
      },
    ]);
    const p = givenProduction(plan, 'UTC', FROM, TO, hourly(8760));
    assert.equal(p.values[12], 6);
    assert.equal(p.station, null);
    assert.match(p.assumptions[0]!.description ?? '', /PV output as given \(8760 hourly values\)/);
  });

  it('places a typical year on year one in standard time', () => {
    // Noon of each day of the typical year: in UTC it lands on noon of year one's days.
    const typical = Array.from({ length: 8760 }, (_, k) => (k % 24 === 12 ? 1 : 0));
    const p = givenProduction(
      planOf([{ keyName: 'solarProduction', dataSeries: typical }]),
      'UTC',
      FROM,
      TO,
      hourly(8760),
    );
    assert.equal(
      p.values.reduce((s, v) => s + v, 0),
      365,
    );
    assert.match(p.assumptions[0]!.description ?? '', /a typical year placed on year one's dates in standard time/);
  });

  it('refuses negative output, a typical year not of 8,760 hours and dated output not over year one', async () => {
    const given = (input: object) => () =>
      givenProduction(planOf([{ keyName: 'solarProduction', ...input }]), 'UTC', FROM, TO, hourly(8760));
    await refuses(given({ dataSeries: [1, -1] }), 'propertyInputs[0].dataSeries');
    await refuses(given({ dataSeries: [1, 2, 3] }), 'propertyInputs[0].dataSeries');
    await refuses(
      given({ fromDateTime: '2027-01-02T00:00:00Z', duration: H, dataSeries: new Array(8760).fill(0) }),
      'propertyInputs[0].dataSeries',
    );
  });

  it("chooses a place's weather station once per request", async () => {
    const asked: unknown[] = [];
    const solar = {
      station: async (place: unknown) => {
        asked.push(place);
        return { distanceKm: 3 } as never;
      },
    };
    const memo = { stations: new Map(), pv: new Map(), calendars: new Map(), afterBills: new Map() };
    const a = await stationOf(solar, zipRow(), memo);
    assert.equal(await stationOf(solar, zipRow(), memo), a);
    assert.deepEqual(asked, [{ latitude: 37.75, longitude: -122.42, climateZone: '3C' }]);
  });
});
