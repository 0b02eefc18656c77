// California baseline allowances by area: PG&E's ten baseline territories, SCE's baseline regions and SDG&E's climate
// zones, with the territory ids the starter data gives them, and the helpers that write a tariff's territory-priced
// rates (one rate per area and season, its tiers or credit bands sized by the area's allowance). The territories
// themselves are in ../territories.data.ts. No utility publishes a ZIP code list of these areas in the sources found
// (PG&E assigns baseline territories by county and elevation band, SCE by its Index of Communities, SDG&E by a map),
// so an area carries ZIP code or city items only where a source names them; a calculation chooses an area with the
// `territoryId` property, else the tariff's first territory is assumed and the assumption says so.
import type { KeyDefinition } from '../../../domain/properties/property-key-row.ts';
import type { StarterBand, StarterRate } from './starter-tariff.ts';

/** kWh per day. */
export interface Allowance {
  summer: number;
  winter: number;
}

export interface BaselineArea {
  /** The utility's name for the area: PG&E territory letter, SCE region number, SDG&E zone name. */
  code: string;
  territoryId: number;
  basic: Allowance;
  /** All-electric allowance, where the source gives it (PG&E only). */
  allElectric?: Allowance;
}

export const PGE_BASELINE_SOURCE =
  'PG&E, "Residential ELECTRIC Baseline Territories and Quantities, Effective June 1, 2022 - Present" (ResElecBaselineCurrent.xlsx, Advice Letter 6603-E-A), a copy of PG&E\'s workbook vendored in 3clyp50/WattProof (MIT) at commit b4ab129d0bc6cba6b6b0026fdb83dabc6f5fcc8a, sources/pge-residential-baseline-2022-06-01-present.xlsx (sha256 f9069d80...36bfe, the hash its provenance.json records for the PG&E URL; retrieved 2026-07-19): daily basic (code B) and all-electric (code H) quantities, summer June - September, winter October - May; the same quantities appear in Schedule E-1 Sheet 4, Special Condition 2, of 2026 (eman/tariffkit, MIT, commit c446907b66fc4206038f44220bf53fc547c491a1, src/tariffkit/data/tariff/pge/e1/2026-03-01.toml) and the workbook\'s footnote 4 makes them the usage eligible for the E-TOU-C baseline credit';

/** PG&E baseline territories (T keeps the original API's id 3538, so it stays the first and the default). */
export const PGE_BASELINE_TERRITORIES: readonly BaselineArea[] = [
  { code: 'T', territoryId: 3538, basic: { summer: 6.5, winter: 7.5 }, allElectric: { summer: 7.1, winter: 12.9 } },
  {
    code: 'P',
    territoryId: 1000301,
    basic: { summer: 13.5, winter: 11.0 },
    allElectric: { summer: 15.2, winter: 26.0 },
  },
  { code: 'Q', territoryId: 1000302, basic: { summer: 9.8, winter: 11.0 }, allElectric: { summer: 8.5, winter: 26.0 } },
  {
    code: 'R',
    territoryId: 1000303,
    basic: { summer: 17.7, winter: 10.4 },
    allElectric: { summer: 19.9, winter: 26.7 },
  },
  {
    code: 'S',
    territoryId: 1000304,
    basic: { summer: 15.0, winter: 10.2 },
    allElectric: { summer: 17.8, winter: 23.7 },
  },
  { code: 'V', territoryId: 1000305, basic: { summer: 7.1, winter: 8.1 }, allElectric: { summer: 10.4, winter: 19.1 } },
  {
    code: 'W',
    territoryId: 1000306,
    basic: { summer: 19.2, winter: 9.8 },
    allElectric: { summer: 22.4, winter: 19.0 },
  },
  { code: 'X', territoryId: 1000307, basic: { summer: 9.8, winter: 9.7 }, allElectric: { summer: 8.5, winter: 14.6 } },
  {
    code: 'Y',
    territoryId: 1000308,
    basic: { summer: 10.5, winter: 11.1 },
    allElectric: { summer: 12.0, winter: 24.0 },
  },
  { code: 'Z', territoryId: 1000309, basic: { summer: 5.9, winter: 7.8 }, allElectric: { summer: 6.7, winter: 15.7 } },
];

export const SCE_BASELINE_SOURCE =
  'SCE Tiered Rate Plan page (https://www.sce.com/save-money/rates-financing/residential-rate-plans/tiered-rate-plan, read 2026-09-24) as transcribed in a public GitHub data file of a California solar site (savings-providers.ts, SCE_BASELINE_ALLOCATION): basic daily allocations per baseline region; Region 5 (17.0 / 18.4) agrees with cbetz/ratebook-homeassistant sce-domestic-d.json (2026-06-01). All-electric allocations were not found and are not loaded';

/** SCE baseline regions, basic allowances (Region 5 first: the default, as before). */
export const SCE_BASELINE_REGIONS: readonly BaselineArea[] = [
  { code: '5', territoryId: 1000311, basic: { summer: 17.0, winter: 18.4 } },
  { code: '6', territoryId: 1000312, basic: { summer: 11.4, winter: 11.0 } },
  { code: '8', territoryId: 1000313, basic: { summer: 12.8, winter: 10.3 } },
  { code: '9', territoryId: 1000314, basic: { summer: 16.9, winter: 12.0 } },
  { code: '10', territoryId: 1000315, basic: { summer: 19.3, winter: 12.1 } },
  { code: '13', territoryId: 1000316, basic: { summer: 22.2, winter: 12.2 } },
  { code: '14', territoryId: 1000317, basic: { summer: 19.2, winter: 11.9 } },
  { code: '15', territoryId: 1000318, basic: { summer: 45.0, winter: 9.7 } },
  { code: '16', territoryId: 1000319, basic: { summer: 14.7, winter: 12.4 } },
];

export const SDGE_ZONE_SOURCE =
  'SDG&E baseline allowance calculator (https://www.sdge.com/baseline-allowance-calculator) as transcribed in corruptbear/my_sdge, sdge_hourly.py get_baseline(), commit 4a6fd00dffeed798a83358a9976ae3d3f3857adf (2024-03-19; the repository states no licence): basic ("combined", gas and electric) daily allowances, summer June - October, winter November - May. Coastal (9.0 / 9.2) agrees with the OpenEI URDB TOU-DR1 and DR records of 2024-09-30 and with cbetz/ratebook-homeassistant sdge-tou-dr-1.json of 2026-06-01; the Inland, Mountain and Desert figures are the 2024 transcription, not confirmed since. Electric-only allowances are not loaded';

/** SDG&E climate zones, basic allowances (Coastal first: the default, as before). */
export const SDGE_CLIMATE_ZONES: readonly BaselineArea[] = [
  { code: 'Coastal', territoryId: 1000321, basic: { summer: 9.0, winter: 9.2 } },
  { code: 'Inland', territoryId: 1000322, basic: { summer: 10.4, winter: 9.6 } },
  { code: 'Mountain', territoryId: 1000323, basic: { summer: 13.6, winter: 12.9 } },
  { code: 'Desert', territoryId: 1000324, basic: { summer: 15.9, winter: 10.9 } },
];

export const BASELINE_ALLOWANCE_KEY = 'baselineAllowanceType';
export const INCOME_TIER_KEY = 'baseServicesChargeIncomeTier';
export const BASIC = 'Basic';
export const ALL_ELECTRIC = 'All-Electric';

export const BASELINE_KEYS: readonly KeyDefinition[] = [
  {
    keyName: BASELINE_ALLOWANCE_KEY,
    displayName: 'Baseline Allowance Type',
    family: 'baseline',
    keyspace: 'customer',
    dataType: 'CHOICE',
    choices: [BASIC, ALL_ELECTRIC],
    description:
      'Which baseline allowance a California residential customer receives: Basic (PG&E code B) or All-Electric (PG&E code H), as the utility has set it for the account. Tariffs that price it default to Basic.',
    source: PGE_BASELINE_SOURCE,
  },
  {
    keyName: INCOME_TIER_KEY,
    displayName: 'Base Services Charge Income Tier',
    family: 'customerStatus',
    keyspace: 'customer',
    dataType: 'CHOICE',
    choices: ['Income Tier 1', 'Income Tier 2', 'Income Tier 3'],
    description:
      'The income tier of the income-graduated Base Services Charge (California AB 205, CPUC Decision 24-05-028): Income Tier 3 is the standard customer (not enrolled in CARE or FERA); Tiers 1 and 2 are the lower-income tiers. Tariffs that price it default to Income Tier 3.',
    source:
      'PG&E Schedules E-1 and E-TOU-C, Base Services Charge effective 2026-03-01 (Advice 7846-E), as transcribed in eman/tariffkit (MIT, commit c446907b66fc4206038f44220bf53fc547c491a1)',
  },
];

/** Consecutive ids from a first one, so that a version's generated rates and bands keep their ids across restarts. */
export function idsFrom(first: number): () => number {
  let next = first;
  return () => next++;
}

export interface SeasonPick {
  seasonId: number;
  /** The season's name in rate names. */
  name: string;
  allowance: keyof Allowance;
}

/** Existing ids to keep for an area's rate in a season (rates published before the other areas were added). */
export type KeptIds = Record<string, { rateId: number; bandIds: number[] }>;

/**
 * One rate per area and season: `bands(allowance)` gives the bands for an allowance (kWh/day); areas with an
 * all-electric allowance get both sets of bands, told apart by the baseline allowance key (Basic first).
 */
export function areaRates(o: {
  areas: readonly BaselineArea[];
  seasons: readonly SeasonPick[];
  rateId: () => number;
  bandId: () => number;
  firstSeq: number;
  rate: (
    area: BaselineArea,
    season: SeasonPick,
  ) => Omit<StarterRate, 'id' | 'seq' | 'bands' | 'territoryId' | 'seasonId' | 'chargePeriod'>;
  bands: (allowance: number) => Omit<StarterBand, 'id'>[];
  kept?: KeptIds;
}): StarterRate[] {
  const out: StarterRate[] = [];
  let seq = o.firstSeq;
  for (const area of o.areas) {
    for (const season of o.seasons) {
      const kept = o.kept?.[`${area.code}/${season.seasonId}`];
      const sets = area.allElectric
        ? ([
            [BASIC, area.basic],
            [ALL_ELECTRIC, area.allElectric],
          ] as const)
        : ([[null, area.basic]] as const);
      const specs = sets.flatMap(([value, allowance]) =>
        o.bands(allowance[season.allowance]).map((b) => (value === null ? b : { ...b, applicabilityValue: value })),
      );
      const bandIds = [...(kept?.bandIds ?? [])];
      const bands = specs.map((b, i) => ({ id: bandIds[i] ?? o.bandId(), ...b }));
      out.push({
        ...o.rate(area, season),
        id: kept?.rateId ?? o.rateId(),
        seq: seq++,
        chargePeriod: 'DAILY',
        seasonId: season.seasonId,
        territoryId: area.territoryId,
        ...(area.allElectric ? { applicabilityKey: BASELINE_ALLOWANCE_KEY } : {}),
        bands,
      });
    }
  }
  return out;
}

/** A two-tier energy rate's bands: tier 1 up to the allowance, tier 2 above it. */
export const tiers = (tier1: number, tier2: number) => (allowance: number) => [
  { amount: tier1, upTo: allowance },
  { amount: tier2 },
];
/** A baseline credit's bands: the credit on usage up to the allowance, nothing above it. */
export const credit = (amount: number) => (allowance: number) => [
  { amount, upTo: allowance, isCredit: true },
  { amount: 0 },
];
/** 130 % of an allowance (kWh/day, to the hundredth): where SDG&E's DR tier 1 and its Baseline Adjustment Credit end. */
export const at130Percent = (allowance: number) => Math.round(allowance * 130) / 100;
/** SDG&E's Baseline Adjustment Credit's bands: the credit on usage up to 130 % of the allowance, nothing above it. */
export const creditTo130 = (amount: number) => (allowance: number) => credit(amount)(at130Percent(allowance));
