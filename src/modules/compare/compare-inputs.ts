// A comparison's request read as the savings analysis's inputs, so that its steps (place, year, usage, PV, battery)
// read it: a battery's keys belong to its storage scenario, an EV's are the comparison's own (read by ev-load.ts, kept
// out of the bills), every other key is the analysis's (usage, PV, exports) or a bill input. Keys of a term of years,
// the tariff named twice and a heat pump (no load data for one is bundled) are a 400 naming the input.
import { invalidArgument } from '../../http/errors.ts';
import type { Body as AnalysisBody } from '../savings/analysis/types.ts';
import type { CompareBody } from './compare.schemas.ts';
import { EV_KEYS } from './ev-load.ts';
import type { Static } from '@sinclair/typebox';

const STORAGE_KEYS = new Set([
  'storageCapacity',
  'storagePower',
  'storageRoundTripEfficiency',
  'storageReserve',
  'storageDispatch',
  'storageCoupling',
  'storageGridCharging',
  'storageDegradation',
]);
const TERM_KEYS = new Set(['projectDuration', 'rateInflation', 'solarDegradation']);

export function analysisInputs(body: Static<typeof CompareBody>): AnalysisBody {
  const inputs = body.propertyInputs ?? [];
  inputs.forEach((p, k) => {
    const at = `propertyInputs[${k}].keyName`;
    if (p.keyName === 'masterTariffId')
      throw invalidArgument(
        at,
        p.keyName,
        "Every tariff of the place is compared: name the customer's current tariff with masterTariffId beside propertyInputs",
      );
    if (TERM_KEYS.has(p.keyName))
      throw invalidArgument(at, p.keyName, `A comparison bills one year: ${p.keyName} belongs to the savings analysis`);
    if (/^heatPump/i.test(p.keyName))
      throw invalidArgument(
        at,
        p.keyName,
        'Ratebook holds no heat pump load data (its typical loads are whole buildings heated by gas): a heat pump cannot be added without inventing its load. Add its modelled load to the usage you send (a consumption series) instead',
      );
    if (p.keyName === 'storageDegradation')
      throw invalidArgument(at, p.keyName, 'A comparison bills one year: the battery does not fade within it');
  });
  return {
    ...(body.fromDateTime !== undefined ? { fromDateTime: body.fromDateTime } : {}),
    ...('address' in body && body.address !== undefined ? { address: body.address } : {}),
    ...(body.useIntelligentBaselining !== undefined ? { useIntelligentBaselining: body.useIntelligentBaselining } : {}),
    ...(body.applyUtilityTax !== undefined ? { applyUtilityTax: body.applyUtilityTax } : {}),
    propertyInputs: inputs.map((p) => ({
      ...p,
      // EV keys go to the after scenario, which the comparison never bills: they stay at their place for error paths.
      ...(STORAGE_KEYS.has(p.keyName)
        ? { scenarios: 'storage' }
        : (EV_KEYS as readonly string[]).includes(p.keyName)
          ? { scenarios: 'after' }
          : {}),
    })),
  };
}
