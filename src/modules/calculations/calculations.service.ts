// On-demand calculation, run: one scenario, or up to twenty with a shared one (mass), each made ready to bill and
// billed (with a battery behind the meter when the scenario has one). Reading the request's parts is
// scenario-inputs.ts; making a scenario ready to bill, scenario-preparation.ts; shaping the answer, calculated-cost.ts.
import type { Static } from '@sinclair/typebox';
import { invalidArgument } from '../../http/errors.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { UtilityTaxesRepository } from '../utility-taxes/utility-taxes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type { CalculatedCost } from './calculated-cost.ts';
import type { CalculateBody, MassBody, MassCalculationSchema } from './calculations.schemas.ts';
import { RequestCache } from './request-cache.ts';
import { ScenarioPreparer, type PreparedBill } from './scenario-preparation.ts';
import { merge, type Options, type Scenario } from './scenario-inputs.ts';
import { MAX_INTERVALS } from './series-limits.ts';
import { storageAnswer } from './storage-answer.ts';
import { readStorage } from './storage-inputs.ts';
import type { TariffContextLoader } from './tariff-context.ts';

export type MassCalculation = Static<typeof MassCalculationSchema>;

const HOUR = 3_600_000;
/** The finest grid BILL_OPTIMAL solves (a month of 15-minute data is a program of 2,976 intervals). */
const MIN_OPTIMAL_STEP = 900_000;

export class CalculationsService {
  private readonly preparer: ScenarioPreparer;

  constructor(
    loader: TariffContextLoader,
    zipcodes: ZipcodesService,
    territories: TerritoriesRepository,
    taxes: UtilityTaxesRepository,
    keys: PropertiesRepository,
    baselines: BaselinesService,
  ) {
    this.preparer = new ScenarioPreparer(loader, zipcodes, territories, taxes, keys, baselines);
  }

  /** `cache`: what an earlier calculation of the same caller read (a portfolio job's chunk); else a new one. */
  async calculate(
    body: Static<typeof CalculateBody>,
    orgId: number | null,
    ext: boolean,
    cache = new RequestCache(),
  ): Promise<CalculatedCost> {
    const {
      masterTariffId,
      propertyInputs,
      rateInputs,
      expected,
      exportArrangement,
      trueUpMonth,
      yearEndSellRate,
      yearEndCreditPaid,
      exportVintage,
      storage,
      ...options
    } = body;
    return this.scenario(
      options,
      {
        masterTariffId,
        propertyInputs,
        rateInputs,
        expected,
        exportArrangement,
        trueUpMonth,
        yearEndSellRate,
        yearEndCreditPaid,
        exportVintage,
        storage,
      },
      '',
      cache,
      orgId,
      ext,
    );
  }

  async mass(body: Static<typeof MassBody>, orgId: number | null, ext: boolean): Promise<MassCalculation> {
    const { scenarios, sharedScenario, ...options } = body;
    const cache = new RequestCache();
    const names = scenarios.map((s, k) => s.scenarioName ?? String(k));
    names.forEach((name, k) => {
      if (names.indexOf(name) !== k)
        throw invalidArgument(`scenarios[${k}].scenarioName`, name, 'Scenario names must be unique');
    });
    const results = await Promise.all(
      scenarios.map((s, k) => this.scenario(options, merge(sharedScenario, s), `scenarios[${k}].`, cache, orgId, ext)),
    );
    const out: MassCalculation = {
      fromDateTime: results[0]!.fromDateTime,
      toDateTime: results[0]!.toDateTime,
      scenarios: {},
    };
    results.forEach((r, k) => {
      out.scenarios[names[k]!] = { scenarioName: names[k]!, ...r };
    });
    return out;
  }

  private async scenario(
    options: Options,
    s: Scenario,
    path: string,
    cache: RequestCache,
    orgId: number | null,
    ext: boolean,
  ): Promise<CalculatedCost> {
    const prepared = await this.preparer.prepare(options, s, path, cache, orgId);
    if (!s.storage) return prepared.format(prepared.run(prepared.input), s.expected, ext);
    // A battery behind the meter (Ratebook extension): the usage is the load, its dispatch's meter series is billed.
    const { input } = prepared;
    const request = readStorage(s.storage, `${path}storage.`, input, input.zone);
    if (request.solar && (input.to - input.from) / request.solar.duration > MAX_INTERVALS)
      throw invalidArgument(
        `${path}storage.solar.duration`,
        String(request.solar.duration),
        `At most ${MAX_INTERVALS} intervals per calculation`,
      );
    // The optimiser's programs grow with the intervals of a billing period: a month of 5-minute data is 8,928 of them.
    const finest = Math.min(
      HOUR,
      ...input.series.map((x) => x.duration),
      ...(request.solar ? [request.solar.duration] : []),
    );
    if (request.strategy === 'BILL_OPTIMAL' && finest < MIN_OPTIMAL_STEP)
      throw invalidArgument(
        `${path}storage.dispatchStrategy`,
        'BILL_OPTIMAL',
        `BILL_OPTIMAL works on intervals of ${MIN_OPTIMAL_STEP / 60_000} minutes or longer; the data's are ${finest / 60_000}: send coarser data, or dispatch SELF_CONSUMPTION or FIXED_SCHEDULE`,
      );
    const r = await prepared.runStorage(input, request);
    const answer = prepared.format(r.bill, s.expected, ext);
    return { ...answer, storage: storageAnswer(r, request, answer.fromDateTime, r.step) };
  }

  /**
   * One scenario made ready to bill: its tariff, versions, rates, time data and the usage its inputs give, read and
   * checked once. The savings analysis bills many usages on one prepared scenario (`run` with other series), and
   * prepares its scenarios on one `cache`, so a tariff that several designs name is read once.
   */
  async prepareBill(
    options: Options,
    s: Scenario,
    orgId: number | null,
    latestAfterEnd = false,
    cache = new RequestCache(),
  ): Promise<PreparedBill> {
    return this.preparer.prepare(options, s, '', cache, orgId, latestAfterEnd);
  }
}
