// Seed-time items of starter territories (src/data/territory-generated-items.ts): every ZIP code of some counties, or
// the ZIP codes of some counties in given CEC building climate zones, leaving a city a sibling lists by name to it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StarterTerritory } from '../../src/data/starter/territories.data.ts';
import { generatedItems, type ZipPlace } from '../../src/data/territory-generated-items.ts';

const territory = (id: number, extra: Partial<StarterTerritory>): StarterTerritory => ({
  territoryId: id,
  territoryName: `T${id}`,
  lseId: 1,
  parentTerritoryId: null,
  usageType: 'TARIFF',
  state: 'CA',
  deregRes: false,
  deregCandi: false,
  items: [],
  source: 'test',
  ...extra,
});
// CEC zones of these ZIP codes in the bundled table: 92262 Palm Springs 15, 92201 Indio 15, 92501 Riverside 10,
// 92243 El Centro 15 (Imperial County), 94102 San Francisco 3.
const ZIPS: ZipPlace[] = [
  { zipcode: '92262', state: 'CA', county: 'Riverside County', city: 'Palm Springs' },
  { zipcode: '92201', state: 'CA', county: 'Riverside County', city: 'Indio' },
  { zipcode: '92501', state: 'CA', county: 'Riverside County', city: 'Riverside' },
  { zipcode: '92243', state: 'CA', county: 'Imperial County', city: 'El Centro' },
  { zipcode: '94102', state: 'CA', county: 'San Francisco County', city: 'San Francisco' },
  { zipcode: '97201', state: 'OR', county: 'San Francisco County', city: 'Portland' }, // a county of the same name elsewhere
];
const values = (t: StarterTerritory, all = [t]) =>
  generatedItems(t, all, ZIPS).map((i) => [i.value, i.partial ?? false]);

describe('generated territory items', () => {
  it('lists every ZIP code of the counties, in the territory state only', () => {
    assert.deepEqual(values(territory(1, { zipcodesOfCounties: ['San Francisco'] })), [['94102', false]]);
  });

  it('lists the ZIP codes of the counties in the CEC zones, partial', () => {
    const desert = territory(1, { zipcodesOfCecZones: { zones: [15], counties: ['Riverside'] } });
    assert.deepEqual(values(desert), [
      ['92262', true],
      ['92201', true],
    ]);
    const both = territory(1, { zipcodesOfCecZones: { zones: [10, 15], counties: ['Riverside', 'Imperial'] } });
    assert.deepEqual(
      values(both).map(([z]) => z),
      ['92262', '92201', '92501', '92243'],
    );
  });

  it('leaves a ZIP code whose city a sibling territory of the same utility names to that one', () => {
    const desert = territory(1, { zipcodesOfCecZones: { zones: [15], counties: ['Riverside'] } });
    const named = territory(2, { items: [{ type: 'CITY', value: 'Palm Springs', partial: true }] });
    const otherUtility = territory(3, { lseId: 9, items: [{ type: 'CITY', value: 'Indio', partial: true }] });
    assert.deepEqual(values(desert, [desert, named, otherUtility]), [['92201', true]]);
  });
});
