// A dispatch carried out: every strategy decides, interval by interval, how much to charge (AC from the home's panel,
// or DC straight from the array when DC-coupled) and how much to discharge; this module runs those decisions through
// the battery (its state of charge, power and band), splits each interval's energy into the flows a meter and the
// customer see (solar, battery and grid to load, battery and grid), and gives the meter's net series that the bill
// engine bills. A decision the battery cannot carry out (beyond its band or power) is cut to what it can, so every
// result keeps the invariants, whatever decided it.
import { type Battery, socBand } from './battery.ts';
import { type SolarFlows, type StorageSite, solarFlows } from './site.ts';

/** What a strategy asks of the battery in one interval (kWh). */
export interface Step {
  /** AC drawn into the battery's inverter (from the home's panel: PV surplus or the grid). */
  acIn: number;
  /** DC from the PV array into the battery (DC-coupled only). */
  solarDcIn: number;
  /** DC out of the battery's terminals. */
  dcOut: number;
}

/** A strategy: fills `step` for interval t, knowing the kWh held at its start. */
export type Policy = (t: number, soc: number, step: Step) => void;

/** Decisions made beforehand (an optimiser's), one array per field of Step. */
export interface Decisions {
  acIn: Float64Array;
  solarDcIn: Float64Array;
  dcOut: Float64Array;
}

export interface DispatchResult {
  /** DC kWh into the battery's terminals (before its input efficiency) and out of them. */
  charge: Float64Array;
  discharge: Float64Array;
  /** kWh held at the end of each interval, and at the start of the first. */
  soc: Float64Array;
  initialSoc: number;
  /** AC flows (kWh); solarToBattery is AC for AC coupling, DC for DC coupling; solarCurtailed is DC. */
  solarToLoad: Float64Array;
  solarToBattery: Float64Array;
  solarToGrid: Float64Array;
  solarCurtailed: Float64Array;
  batteryToLoad: Float64Array;
  batteryToGrid: Float64Array;
  gridToLoad: Float64Array;
  gridToBattery: Float64Array;
  /** What the meter records: drawn, sent, and drawn less sent. */
  gridImport: Float64Array;
  gridExport: Float64Array;
  net: Float64Array;
  /** kWh of decisions the battery could not carry out (cut to its band or power): LP tolerances, nothing more. */
  cut: number;
}

export const emptyDecisions = (n: number): Decisions => ({
  acIn: new Float64Array(n),
  solarDcIn: new Float64Array(n),
  dcOut: new Float64Array(n),
});

const idle: Policy = () => {};

/** A decision within rounding of zero is zero (an LP answers 1e-12 for nothing). */
const clean = (x: number) => (x > 1e-9 ? x : 0);

/** A policy that reads decisions made beforehand. */
export const planned =
  (d: Decisions): Policy =>
  (t, _soc, step) => {
    step.acIn = d.acIn[t]!;
    step.solarDcIn = d.solarDcIn[t]!;
    step.dcOut = d.dcOut[t]!;
  };

/** Runs a policy through the battery from `startSoc` (default its initial state of charge). */
export function carryOut(
  battery: Battery,
  site: StorageSite,
  policy: Policy,
  startSoc?: number,
  solar: SolarFlows = solarFlows(site),
): DispatchResult {
  const n = site.load.length;
  const band = socBand(battery);
  const { acToDcEfficiency: inEff, dcToAcEfficiency: outEff, inputEfficiency: cellEff } = battery;
  const dcCoupled = battery.coupling === 'DC';
  const r: DispatchResult = {
    charge: new Float64Array(n),
    discharge: new Float64Array(n),
    soc: new Float64Array(n),
    initialSoc: startSoc ?? band.initial,
    solarToLoad: new Float64Array(n),
    solarToBattery: new Float64Array(n),
    solarToGrid: new Float64Array(n),
    solarCurtailed: new Float64Array(n),
    batteryToLoad: new Float64Array(n),
    batteryToGrid: new Float64Array(n),
    gridToLoad: new Float64Array(n),
    gridToBattery: new Float64Array(n),
    gridImport: new Float64Array(n),
    gridExport: new Float64Array(n),
    net: new Float64Array(n),
    cut: 0,
  };
  let e = r.initialSoc;
  const step: Step = { acIn: 0, solarDcIn: 0, dcOut: 0 };
  for (let t = 0; t < n; t++) {
    const h = site.hours[t]!;
    const load = site.load[t]!;
    step.acIn = 0;
    step.solarDcIn = 0;
    step.dcOut = 0;
    policy(t, e, step);
    let acIn = clean(step.acIn);
    let solarIn = dcCoupled ? clean(step.solarDcIn) : 0;
    let out = clean(step.dcOut);
    const asked = acIn + solarIn + out;
    // One direction per interval: a decision to do both keeps the larger side's net.
    if (out > 0 && acIn + solarIn > 0) {
      const inDc = (acIn * inEff + solarIn) * cellEff;
      if (inDc >= out) {
        const keep = (inDc - out) / inDc;
        acIn *= keep;
        solarIn *= keep;
        out = 0;
      } else {
        out -= inDc;
        acIn = 0;
        solarIn = 0;
      }
    }
    // Power at the terminals and room in the band; the array's DC first, the AC side fills what is left.
    const fits = Math.min(battery.chargeKw * h, Math.max(0, band.ceiling - e) / cellEff);
    solarIn = Math.min(solarIn, fits, dcCoupled ? solar.dc[t]! : 0);
    acIn = Math.min(acIn, (fits - solarIn) / inEff);
    out = Math.min(out, battery.dischargeKw * h, Math.max(0, e - band.floor));
    // The PV's AC: through the shared inverter when DC-coupled (what the battery did not take, up to the inverter's
    // rating less the battery's own output), else the PV inverter's output as it is.
    let solarAc = solar.ac[t]!;
    let curtailed = solar.clipped[t]!;
    let batteryAc = out * outEff;
    if (dcCoupled) {
      // The array's DC goes through the inverter before the battery's: the battery gets what rating is left.
      const limit = solar.acLimit[t]!;
      const rest = solar.dc[t]! - solarIn;
      solarAc = Math.min(rest * solar.efficiency, limit);
      curtailed = rest - solarAc / solar.efficiency;
      if (batteryAc > limit - solarAc) {
        batteryAc = Math.max(0, limit - solarAc);
        out = batteryAc / outEff;
      }
    }
    const chargeDc = acIn * inEff + solarIn;
    e += chargeDc * cellEff - out;
    e = Math.min(band.ceiling, Math.max(band.floor, e));
    r.cut += Math.max(0, asked - (acIn + solarIn + out));
    r.charge[t] = chargeDc;
    r.discharge[t] = out;
    r.soc[t] = e;
    // The meter's view: PV serves the load first, then the battery; the rest of the PV charges the battery (AC
    // coupling) before it is sent; what the battery's inverter draws beyond the PV's rest is the grid's.
    const solarToLoad = Math.min(solarAc, load);
    const solarRest = solarAc - solarToLoad;
    const solarToBatteryAc = Math.min(solarRest, acIn);
    const batteryToLoad = Math.min(batteryAc, load - solarToLoad);
    r.solarToLoad[t] = solarToLoad;
    r.solarToBattery[t] = dcCoupled ? solarIn : solarToBatteryAc;
    r.solarToGrid[t] = solarRest - solarToBatteryAc;
    r.solarCurtailed[t] = curtailed;
    r.batteryToLoad[t] = batteryToLoad;
    r.batteryToGrid[t] = batteryAc - batteryToLoad;
    r.gridToLoad[t] = load - solarToLoad - batteryToLoad;
    r.gridToBattery[t] = acIn - solarToBatteryAc;
    r.gridImport[t] = r.gridToLoad[t]! + r.gridToBattery[t]!;
    r.gridExport[t] = r.solarToGrid[t]! + r.batteryToGrid[t]!;
    r.net[t] = r.gridImport[t]! - r.gridExport[t]!;
  }
  return r;
}

/** The same site without a battery: PV to load, the rest sent, the grid for what is left. */
export const withoutBattery = (battery: Battery, site: StorageSite): DispatchResult => carryOut(battery, site, idle);
