// What the tests of the analysis steps share: a ZIP code row, a request body's plan, a 400's property name.
import assert from 'node:assert/strict';
import { ApiError } from '../../../../src/http/errors.ts';
import { plansOf } from '../../../../src/modules/savings/analysis/plan.ts';
import type { Body } from '../../../../src/modules/savings/analysis/types.ts';
import type { ZipRow } from '../../../../src/modules/zipcodes/zipcodes.repository.ts';

export const H = 3_600_000;

export function zipRow(over: Partial<ZipRow> = {}): ZipRow {
  return {
    zipcode: '94110',
    state: 'CA',
    latitude: 37.75,
    longitude: -122.42,
    time_zone_id: 'America/Los_Angeles',
    climate_zone: '3C',
    ...over,
  } as ZipRow;
}

/** The plan of a request with these property inputs. */
export function planOf(propertyInputs: Body['propertyInputs'], body: Partial<Body> = {}) {
  return plansOf({ address: { zip: '94110' }, propertyInputs, ...body } as Body, null).plan;
}

/** Asserts that `run` fails with an ApiError of `status` naming `propertyName`; returns its message. */
export async function refuses(run: () => unknown, propertyName: string, status = 400): Promise<string> {
  try {
    await run();
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    assert.deepEqual([e.statusCode, e.item.propertyName], [status, propertyName], e.item.message);
    return e.item.message;
  }
  assert.fail(`expected a ${status} naming ${propertyName}`);
}
