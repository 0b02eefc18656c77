// PV production for a place: the weather station the place takes (station-choice.ts) and the typical year of AC
// output of a system there, per kW DC (PVWatts output is proportional to the DC size when the DC/AC ratio is kept,
// so one run serves every size). Runs are kept per station and system shape: the savings of many sizes, and the
// savings by region of many places near one station, run the model once.
import { pvwattsHourly, type PvSystem } from '../../engine/solar/pvwatts.ts';
import { invalidArgument } from '../../http/errors.ts';
import { chooseStation, type StationChoice } from './station-choice.ts';
import type { WeatherRepository } from './weather.repository.ts';

const KEPT_RUNS = 64;

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

  /** AC kWh of each hour of the station's typical year for 1 kW DC of `system` (its systemCapacity is ignored). */
  async perKw(choice: StationChoice, system: PvSystem): Promise<Float64Array> {
    const shape = { ...system, systemCapacity: 1 };
    const key = `${choice.station.stationId}|${JSON.stringify(shape)}`;
    let ac = this.runs.get(key);
    if (!ac) {
      ac = pvwattsHourly(shape, await this.weather.weather(choice.station)).ac;
      if (this.runs.size >= KEPT_RUNS) this.runs.delete(this.runs.keys().next().value!);
      this.runs.set(key, ac);
    }
    return ac;
  }
}
