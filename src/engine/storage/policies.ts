// The rule-based strategies, decided interval by interval from what the battery holds:
// - SELF_CONSUMPTION: charge from the PV the home does not use, discharge to cover the load the PV does not.
// - FIXED_SCHEDULE: a mode for each hour of each month and day of the week (the original's fixed schedule of charge
//   and discharge times of use): CHARGE as much as the battery takes (PV first, then the grid where
//   allowed), DISCHARGE as much as it gives (to the load, and to the grid where allowed), SELF_CONSUMPTION, or IDLE.
import type { Battery } from './battery.ts';
import type { Policy } from './dispatch-result.ts';
import type { SolarFlows, StorageSite } from './site.ts';

export const SCHEDULE_MODES = ['IDLE', 'CHARGE', 'DISCHARGE', 'SELF_CONSUMPTION'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/** Modes by [day of the week, 0 Monday .. 6 Sunday][month - 1][hour]. */
export type Schedule = readonly (readonly (readonly ScheduleMode[])[])[];

/** What the PV leaves over and what the load lacks in an interval, on the side the battery is coupled to. */
function spare(battery: Battery, site: StorageSite, solar: SolarFlows, t: number) {
  const load = site.load[t]!;
  const solarToLoad = Math.min(solar.ac[t]!, load);
  return {
    /** AC coupling: the PV's AC beyond the load. DC coupling: the array's DC not needed for the load (sent or clipped). */
    surplus:
      battery.coupling === 'DC'
        ? Math.max(0, solar.dc[t]! - solarToLoad / solar.efficiency)
        : Math.max(0, solar.ac[t]! - load),
    /** AC the load lacks after the PV. */
    deficit: load - solarToLoad,
  };
}

/** Charge from the PV's surplus only. */
function fromSurplus(battery: Battery, surplus: number, step: { acIn: number; solarDcIn: number }) {
  if (battery.coupling === 'DC') step.solarDcIn = surplus;
  else step.acIn = surplus;
}

export function selfConsumption(battery: Battery, site: StorageSite, solar: SolarFlows): Policy {
  return (t, _soc, step) => {
    const { surplus, deficit } = spare(battery, site, solar, t);
    if (surplus > 0) fromSurplus(battery, surplus, step);
    else if (deficit > 0) step.dcOut = deficit / battery.dcToAcEfficiency;
  };
}

export function fixedSchedule(battery: Battery, site: StorageSite, solar: SolarFlows, schedule: Schedule): Policy {
  const consume = selfConsumption(battery, site, solar);
  return (t, soc, step) => {
    const mode = schedule[site.weekday[t]!]![site.month[t]! - 1]![site.hour[t]!]!;
    const { surplus, deficit } = spare(battery, site, solar, t);
    if (mode === 'SELF_CONSUMPTION') consume(t, soc, step);
    else if (mode === 'CHARGE') {
      fromSurplus(battery, surplus, step);
      if (!battery.gridCharging) return;
      // The grid tops up to the battery's power; carryOut cuts what the battery has no room for.
      const fromPv = battery.coupling === 'DC' ? step.solarDcIn : step.acIn * battery.acToDcEfficiency;
      const left = Math.max(0, battery.chargeKw * site.hours[t]! - fromPv);
      step.acIn += left / battery.acToDcEfficiency;
    } else if (mode === 'DISCHARGE') {
      step.dcOut = battery.gridExport ? battery.dischargeKw * site.hours[t]! : deficit / battery.dcToAcEfficiency;
    }
  };
}
