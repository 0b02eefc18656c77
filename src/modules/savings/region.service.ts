// Savings by region (the spec's retired alpha open savings), from Ratebook's own data: the place's default residential
// tariff, the typical home of the place (its baseline as is) and a PV system sized to make 80 % of the home's year
// (fixed roof mount, PVWatts defaults) at the place's weather station, over the savings analysis. What Ratebook has no
// source for stays null: the price of the system (so net savings and their rank), popularity, housing stock, and
// ranks (one place is computed at a time, not a league of regions).
import type { Static } from '@sinclair/typebox';
import { ApiError, invalidArgument, missingArgument } from '../../http/errors.ts';
import type { CalculatedCost } from '../calculations/calculated-cost.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type { AccountAnalysis, SavingsService } from './analysis.service.ts';
import type { CostSavingsSchema, RatingSchema, RegionSavingsSchema } from './region.schemas.ts';

type Rating = Static<typeof RatingSchema>;
type CostMap = Static<typeof RegionSavingsSchema>['pre'];
export type RegionSavings = Static<typeof RegionSavingsSchema>;
export type CostSavings = Static<typeof CostSavingsSchema>;

/** The share of the home's year the typical system makes. */
const OFFSET_PERCENT = 80;
/** Rating bands, 1 to 4: PV yield in kWh per kW DC a year, and the average price of the default tariff in $/kWh. */
const SUNSHINE_BANDS = [1200, 1400, 1600];
const RATE_BANDS = [0.12, 0.18, 0.25];
const CHOICES = [1, 2, 3, 4].map((v) => ({ displayValue: String(v), value: String(v) }));
/** Where the figures are explained: the service's own API reference (the savings operations). */
const ATTRIBUTION_URL = '/docs';

function rating(type: string, keyName: string, value: number, bands: readonly number[], unit: string): Rating {
  const k = bands.filter((b) => value >= b).length;
  return {
    ratingType: type,
    ratingTypeKey: { keyName, dataType: 'CHOICE', choices: CHOICES },
    value: k + 1,
    min: k === 0 ? null : bands[k - 1]!,
    max: k === bands.length ? null : bands[k]!,
    description: `${k + 1} of 4: ${value.toFixed(unit === '$/kWh' ? 4 : 0)} ${unit} (bands at ${bands.join(', ')} ${unit})`,
  };
}

const round = (x: number) => Math.round(x * 100) / 100 + 0;

/** A bill's cost map: its items by charge type. */
function costMap(bill: CalculatedCost, withOther: boolean): CostMap {
  const by = (types: string[]) =>
    round(bill.items.filter((i) => types.includes(i.chargeType)).reduce((s, i) => s + i.cost, 0));
  const fixed = by(['FIXED_PRICE']);
  const demand = by(['DEMAND_BASED']);
  const consumption = by(['CONSUMPTION_BASED']);
  const min = by(['MINIMUM']);
  const total = bill.totalCost;
  const out: CostMap = {
    usageKWh: round(bill.summary.kWh),
    usageKW: round(bill.summary.kW),
    costFixed: fixed,
    costDemand: demand,
    costConsumption: consumption,
    costMin: min,
    costTotal: total,
  };
  if (withOther) out.costOther = round(total - fixed - demand - consumption - min);
  return out;
}

function difference(a: CostMap, b: CostMap): CostMap {
  const out = {} as CostMap;
  for (const k of Object.keys(a) as (keyof CostMap)[]) out[k] = round(a[k]! - (b[k] ?? 0));
  return out;
}

export class RegionSavingsService {
  constructor(
    private readonly savings: SavingsService,
    private readonly zipcodes: ZipcodesService,
  ) {}

  async region(q: { zipCode?: string; addressString?: string }, orgId: number | null): Promise<RegionSavings> {
    const { zip, analysis, pre, post } = await this.typical(q, orgId);
    const size = Number(analysis.scenarios[2]!.assumptions.find((a) => a.keyName === 'systemSize')?.dataValue);
    const yieldPerKw = analysis.summary.totalSolarKWh! / size;
    const price = pre.usageKWh === 0 ? 0 : pre.costTotal / pre.usageKWh;
    const rates = rating('pvRates', 'pvRatesRating', price, RATE_BANDS, '$/kWh');
    return {
      cityKey: Number(zip.zipcode),
      region: `${zip.city_mixed_case ?? zip.city}, ${zip.state}`,
      regionType: 'city',
      sunshineRating: rating('sunshine', 'sunshineRating', yieldPerKw, SUNSHINE_BANDS, 'kWh per kW DC a year'),
      popularityRating: null,
      pvRatesRating: rates,
      ratesRating: { ...rates, ratingType: 'rates', ratingTypeKey: { ...rates.ratingTypeKey, keyName: 'ratesRating' } },
      pre,
      post,
      utilitySavings: difference(pre, post),
      netSavings: null,
      utilitySavingsRank: null,
      netSavingsRank: null,
      housingStock: null,
      attribution: attribution(analysis),
    };
  }

  async costSavings(
    q: { cityKey?: number; zipCode?: string; addressString?: string },
    orgId: number | null,
  ): Promise<CostSavings[]> {
    const zipCode = q.zipCode ?? (q.cityKey === undefined ? undefined : String(q.cityKey).padStart(5, '0'));
    const { zip, analysis, pre, post, preBill } = await this.typical(
      { zipCode, addressString: q.addressString },
      orgId,
      true,
      q.zipCode === undefined && q.cityKey !== undefined ? 'cityKey' : undefined,
    );
    const usage =
      analysis.scenarios[0]!.assumptions.find((a) => a.keyName === 'usage')?.description ?? 'typical baseline';
    return [
      {
        regionType: 'utilityClimateZone',
        region: `${preBill.tariffName} (${zip.zipcode}), IECC climate zone ${zip.climate_zone ?? 'unknown'}`,
        calcType: 'YEAR_ONE',
        buildingType: 'RESIDENTIAL',
        usageType: usage,
        pre,
        post,
        utilitySavings: difference(pre, post),
        netSavings: null,
        attribution: attribution(analysis),
      },
    ];
  }

  private async typical(
    q: { zipCode?: string; addressString?: string },
    orgId: number | null,
    withOther = false,
    param = q.zipCode !== undefined ? 'zipCode' : 'addressString',
  ) {
    if (!q.zipCode && !q.addressString) throw missingArgument('zipCode', 'Give zipCode, addressString (or cityKey)');
    const zip = await this.zipcodes.resolve({ zipCode: q.zipCode, addressString: q.addressString });
    if (!zip) throw invalidArgument('zipCode', q.zipCode ?? null, 'The place could not be found');
    let analysis: AccountAnalysis | undefined;
    try {
      [analysis] = await this.savings.analysis(
        {
          address: { zip: zip.zipcode },
          populateCosts: true,
          propertyInputs: [{ keyName: 'solarPvLoadOffset', dataValue: OFFSET_PERCENT, scenarios: 'solar' }],
        },
        orgId,
      );
    } catch (e) {
      // The analysis names its own address; here the place is the query's.
      if (e instanceof ApiError && e.item.propertyName?.startsWith('address')) e.item.propertyName = param;
      throw e;
    }
    const costs = Object.values(analysis!.seriesCosts!);
    return {
      zip,
      analysis: analysis!,
      pre: costMap(costs[0]!, withOther),
      post: costMap(costs[1]!, withOther),
      preBill: costs[0]!,
    };
  }
}

function attribution(a: AccountAnalysis) {
  const notes = a.scenarios
    .flatMap((s) => s.assumptions)
    .filter((x) => ['usage', 'systemSize', 'exportArrangement', 'tariffEffectiveOn'].includes(x.keyName))
    .map((x) => x.description ?? '');
  return {
    provider: "Ratebook (computed from its own data, not the original provider's)",
    url: ATTRIBUTION_URL,
    sources: [
      `Tariff before and after solar: ${a.scenarios[0]!.tariffName} (masterTariffId ${a.scenarios[0]!.masterTariffId})`,
      ...(a.weatherStation ? [`Weather: ${a.weatherStation.source}`] : []),
      ...notes,
      `PV sized to make ${OFFSET_PERCENT} % of the year's usage; the price of the system is not known, so net savings are null`,
    ],
  };
}
