// A PVWatts profile's properties as the v8 system: array types by name or PVWatts's 0-4, gcr, bifaciality, soiling (one
// value or twelve), each bad one a 400 naming the property.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pvSystemOf } from '../../../src/modules/profiles/modelled-readings.ts';
import { ApiError } from '../../../src/http/errors.ts';

const field = (k: string) => `properties.${k}`;
const of = (props: Record<string, string>) => pvSystemOf(new Map(Object.entries(props)), field);

test('the v8 system from profile properties', () => {
  const s = of({ systemSize: '6', arrayType: '3', gcr: '0.35', soiling: '2,2,2,1,1,1,1,1,1,2,2,3' });
  assert.deepEqual(
    [s.systemCapacity, s.arrayType, s.groundCoverageRatio, s.soiling?.length, s.soiling?.[11]],
    [6, 'ONE_AXIS_BACKTRACKING', 0.35, 12, 3],
  );
  assert.equal(of({ systemSize: '6', arrayType: 'two_axis' }).arrayType, 'TWO_AXIS');
  assert.deepEqual(of({ systemSize: '6', soiling: '4' }).soiling, [4]);
  assert.equal(of({ systemSize: '6' }).soiling, undefined);
  assert.equal(of({ systemSize: '6', bifaciality: '0.65' }).bifaciality, 0.65);
  assert.equal(of({ systemSize: '6' }).bifaciality, undefined);
});

test('bad properties are refused naming the property', () => {
  const refused = (props: Record<string, string>, name: string) =>
    assert.throws(
      () => of(props),
      (e: unknown) => e instanceof ApiError && JSON.stringify(e).includes(`properties.${name}`),
      JSON.stringify(props),
    );
  refused({ systemSize: '6', soiling: '1,2' }, 'soiling');
  refused({ systemSize: '6', soiling: '101' }, 'soiling');
  refused({ systemSize: '6', soiling: 'a' }, 'soiling');
  refused({ systemSize: '6', arrayType: '5' }, 'arrayType');
  refused({ systemSize: '6', gcr: '1' }, 'gcr');
  refused({ systemSize: '6', bifaciality: '2' }, 'bifaciality');
});
