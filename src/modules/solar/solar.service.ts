// PV production for a place: the weather station the place takes (station-choice.ts) and the typical year of AC
// output of a system there, per kW DC, by PVWatts v8 (src/engine/solar/v8). v8's output per kW varies a little with the
// system's size (its row layout and its inverter's self-consumption share are estimated from the size: 0.1 % from
// 1 kW to 1 MW for a fixed rack, 0.3 % for a one-axis tracker), so a run is made at the system's own size, or at
// PVWatts's default 4 kW when the size is still to be found, and serves every size of the same size class (sizeClass:
// outputs exactly proportional to size). Runs are kept per station, system shape and size class: the many sizes of a
// savings analysis mostly share one run, as do the savings of many places near one station.
import { pvwattsV8Hourly, sizeClass, type V8System } from '../../engine/solar/v8/pvwatts-v8.ts';
import { invalidArgument } from '../../http/errors.ts';
import { chooseStation, type StationChoice } from './station-choice.ts';
import type { WeatherRepository } from './weather.repository.ts';

const KEPT_RUNS = 64;
/** The size a run is made at when the system's own is not known yet, kW (PVWatts's default). */
const DEFAULT_SIZE = 4;

export class SolarService {
  private readonly runs = new Map<string, Float64Array>();

  constructor(private readonly weather: WeatherRepository) {}

  async station(
    place: { latitude: number; longitude: number; climateZone: string | null },
    field: string,
  ): Promise<StationChoice> {
    const choice = chooseStation(await this.weather.stations(), place);
    if (!choice)
      throw invalidArgument(
        field,
        null,
        'No weather station is loaded: start Ratebook with the shared reference folder (REFERENCE_DATA_DIR) so its typical-year weather is seeded',
      );
    return choice;
  }

  /** AC (or the array's DC) kWh of each hour of the station's typical year per kW DC of `system` (run at its size, 4 kW when 0). */
  async perKw(choice: StationChoice, system: V8System, side: 'ac' | 'dc' = 'ac'): Promise<Float64Array> {
    const shape = { ...system, systemCapacity: system.systemCapacity > 0 ? system.systemCapacity : DEFAULT_SIZE };
    const key = `${choice.station.stationId}|${side}|${JSON.stringify({ ...shape, systemCapacity: sizeClass(shape) })}`;
    let perKw = this.runs.get(key);
    if (!perKw) {
      const hourly = pvwattsV8Hourly(shape, await this.weather.weather(choice.station));
      // Watts over an hour are watt-hours: per kW DC, kWh = W / 1000 / kW.
      const scale = 1 / (1000 * shape.systemCapacity);
      perKw = hourly[side].map((w) => w * scale);
      if (this.runs.size >= KEPT_RUNS) this.runs.delete(this.runs.keys().next().value!);
      this.runs.set(key, perKw);
    }
    return perKw;
  }
}
