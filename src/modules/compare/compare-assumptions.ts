// What a comparison says it assumed of what was added to the usage: an EV's charging and a battery (the usage, the
// account and the PV are said by the savings analysis's steps that read them).
import type { StoragePlan } from '../savings/analysis/inputs.ts';
import { note, type Assumption } from '../savings/analysis/types.ts';
import type { EvPlan } from './ev-load.ts';

export function evNote(ev: EvPlan, kwh: number, from: string, to: string): Assumption {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return note(
    'evAnnualConsumption',
    String(ev.annualKwh),
    `An electric vehicle charged at home: ${ev.annualKwh} kWh a year, the same each day, spread evenly over ${hh(ev.start)} to ${hh(ev.end)} local time${ev.defaulted.length ? ` (${ev.defaulted.join(', ')} not given: the window is Ratebook's default)` : ''}; ${Math.round(kwh)} kWh in the year compared`,
    from,
    to,
    ev.defaulted.length ? 60 : 75,
  );
}

export function storageNote(s: StoragePlan, from: string, to: string): Assumption {
  return note(
    'storageCapacity',
    String(s.capacityKwh),
    `A battery of ${s.capacityKwh} kWh and ${s.powerKw} kW, ${Math.round(s.roundTripEfficiency * 1000) / 10} % round trip, ${Math.round(s.reserve * 100)} % reserve, dispatched ${s.strategy} on each tariff${s.gridCharging ? ', charging from the grid' : ', charging from the PV only'}${s.defaulted.length ? ` (defaults taken: ${s.defaulted.join(', ')})` : ''}`,
    from,
    to,
    s.defaulted.length ? 80 : 90,
  );
}
