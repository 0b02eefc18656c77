// PG&E's residential Schedules E-1 (tiered, the default) and E-TOU-C (4-9 p.m. every day), every version from
// 2025-03-01 to the one in effect today, priced in all ten baseline territories (P, Q, R, S, T, V, W, X, Y, Z) with
// their basic and all-electric allowances (baseline-areas.ts). Version dates and figures:
//   2025-03-01  Res_Inclu_TOU_250301-250831.xlsx / Advice 7516-E: tiers or TOU totals, baseline credit, minimum bill
//   2025-09-01  Res_Inclu_TOU_250901-251231.xlsx / Advice 7684-E
//   2026-01-01  Res_Inclu_TOU_260101-260228.xlsx / Advice 7797-E
//   2026-03-01  Advice 7846-E: lower energy rates, the income-graduated Base Services Charge, no minimum bill; the
//               rates PG&E's current residential rates table still gave on 2026-09-24 (no later change was found).
import {
  BASELINE_ALLOWANCE_KEY, BASIC, INCOME_TIER_KEY, PGE_BASELINE_SOURCE, PGE_BASELINE_TERRITORIES, areaRates, credit, idsFrom, tiers,
  type KeptIds, type SeasonPick,
} from './baseline-areas.ts';
import type { StarterRate, StarterTariff, StarterTariffProperty } from './starter-tariff.ts';

const LA = 'America/Los_Angeles';
const ALL_IN = 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE';
/** E-TOU-C seasons as recorded (692/693): summer June 1 - September 30, winter October 1 - May 31. */
export const PGE_SEASONS: readonly SeasonPick[] = [
  { seasonId: 692, name: 'Summer', allowance: 'summer' },
  { seasonId: 693, name: 'Winter', allowance: 'winter' },
];

const REGISTRY = 'a public GitHub rate registry (PG&E residential tariff definitions)';
const TARIFFKIT = 'eman/tariffkit (MIT) at commit c446907b66fc4206038f44220bf53fc547c491a1';
const COMPARISON = 'a public GitHub E-1 / E-TOU-C comparison module (rates verified through 2026-09-17)';
export const BASELINE_NOTE = `Baseline allowances of every PG&E baseline territory (basic and all-electric, chosen by the ${BASELINE_ALLOWANCE_KEY} property, Basic by default): ${PGE_BASELINE_SOURCE}. PG&E publishes no ZIP code list of its territories in the sources found: only San Francisco's ZIP codes place an address (in T); elsewhere give territoryId, or territory T (the first) is assumed`;
export const BSC_NOTE = `Base Services Charge by income tier ($/day, property ${INCOME_TIER_KEY}, Income Tier 3 by default): Tier 1 $0.19713, Tier 2 $0.39688, Tier 3 (standard, non-CARE/FERA) $0.79343 (CPUC D.24-05-028's $24.15/month)`;
const PROPERTY = (keyName: string, value: string): StarterTariffProperty => ({ keyName, propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: value, isDefault: true });

/** What every version of either schedule states: dates, ids, the minimum bill or Base Services Charge, its source. */
interface PgeVersion {
  tariffId: number;
  priorTariffId: number | null;
  effectiveDate: string;
  endDate: string | null;
  /** Delivery Minimum Bill Amount, $/meter/day, before the Base Services Charge replaced it. */
  minimum?: { rateId: number; bandId: number; amount: number };
  /** First ids of the version's generated rates and bands. */
  ids: [rate: number, band: number];
  kept?: KeptIds;
  withBsc?: boolean;
  lastUpdated: string;
  source: string;
}

interface E1Version extends PgeVersion {
  tier1: number;
  tier2: number;
}

interface TouCVersion extends PgeVersion {
  /** Summer peak, summer off-peak, winter peak, winter off-peak ($/kWh, total bundled). */
  energy: [number, number, number, number];
  /** Kept ids of the four energy rates and their bands (earlier versions); new versions take generated ones. */
  energyIds?: { rates: number[]; bands: number[] };
  credit: number;
}

export function bscRate(rateId: () => number, bandId: () => number): StarterRate {
  return {
    id: rateId(), seq: 0, group: 'Base Services Charge', name: 'Base Services Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', applicabilityKey: INCOME_TIER_KEY,
    bands: [
      { id: bandId(), amount: 0.19713, applicabilityValue: 'Income Tier 1' },
      { id: bandId(), amount: 0.39688, applicabilityValue: 'Income Tier 2' },
      { id: bandId(), amount: 0.79343, applicabilityValue: 'Income Tier 3' },
    ],
  };
}

const minimumRate = (m: NonNullable<PgeVersion['minimum']>): StarterRate => ({ id: m.rateId, seq: 999, group: 'Minimum Charge', name: 'Delivery Minimum Bill Amount', chargeType: 'MINIMUM', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: m.bandId, amount: m.amount }] });

type Schedule = Pick<StarterTariff, 'masterTariffId' | 'tariffCode' | 'tariffName' | 'tariffType'>;

/**
 * One version of a PG&E residential schedule: the Base Services Charge first (when the version has it), the
 * schedule's own rates, then the minimum bill; ids are drawn in that order, so a version's ids stay stable.
 */
function pgeVersion(v: PgeVersion, schedule: Schedule, own: (rateId: () => number, bandId: () => number) => StarterRate[], source: string): StarterTariff {
  const rateId = idsFrom(v.ids[0]);
  const bandId = idsFrom(v.ids[1]);
  const bsc = v.withBsc ? [bscRate(rateId, bandId)] : [];
  const rates = [...bsc, ...own(rateId, bandId), ...(v.minimum ? [minimumRate(v.minimum)] : [])];
  return {
    ...schedule, tariffId: v.tariffId, lseId: 734, priorTariffId: v.priorTariffId, customerClass: 'RESIDENTIAL', customerCount: null,
    effectiveDate: v.effectiveDate, endDate: v.endDate, timeZone: LA, lastUpdated: v.lastUpdated,
    properties: [PROPERTY(BASELINE_ALLOWANCE_KEY, BASIC), ...(v.withBsc ? [PROPERTY(INCOME_TIER_KEY, 'Income Tier 3')] : [])],
    rates,
    source,
  };
}

/**
 * E-1's masterTariffId is the original API's, so code with it written in works unchanged: 522 in the recorded
 * response of tariffs?lseId=734 (../shared/reference/genability-recorded/tariffs-by-lse.json, every E-1 version) and
 * in the original's tariff reference ("they all have the same masterTariffId 522", developer.genability.com
 * /api-reference/tariff-api/tariff/). Its version ids (tariffId) stay ours: the original's versions are not bundled.
 */
export const E1_MASTER_TARIFF_ID = 522;
/** The id E-1 had in databases seeded before it took the original's (the tariffs seeder moves references). */
export const E1_FORMER_MASTER_TARIFF_ID = 1100101;

const e1 = (v: E1Version): StarterTariff =>
  pgeVersion(
    v,
    { masterTariffId: E1_MASTER_TARIFF_ID, tariffCode: 'E-1', tariffName: 'Residential Services', tariffType: 'DEFAULT' },
    (rateId, bandId) =>
      areaRates({
        areas: PGE_BASELINE_TERRITORIES, seasons: PGE_SEASONS, rateId, bandId, firstSeq: 1, kept: v.kept,
        rate: (area, season) => ({ group: 'Energy Charges', name: `Total Bundled Energy Rate (${season.name}), Baseline Territory ${area.code}`, chargeType: 'CONSUMPTION_BASED', chargeClass: ALL_IN }),
        bands: tiers(v.tier1, v.tier2),
      }),
    `${v.source}. ${BASELINE_NOTE}.`,
  );

const TOU_C_PERIODS = [
  { name: 'Summer Peak', touId: 1000002 },
  { name: 'Summer Off-Peak', touId: 1000003 },
  { name: 'Winter Peak', touId: 1000004 },
  { name: 'Winter Off-Peak', touId: 1000005 },
];

const touC = (v: TouCVersion): StarterTariff =>
  pgeVersion(
    v,
    // Ours: no public source found gives the original's masterTariffId of E-TOU-C (E-6, 525 there, is not bundled).
    { masterTariffId: 1100102, tariffCode: 'E-TOU-C', tariffName: 'Residential Time-of-Use (Peak Pricing 4 - 9 p.m. Every Day)', tariffType: 'ALTERNATIVE' },
    (rateId, bandId) => [
      ...TOU_C_PERIODS.map((p, i): StarterRate => ({
        id: v.energyIds?.rates[i] ?? rateId(), seq: i + 1, group: 'Energy Charges', name: p.name, chargeType: 'CONSUMPTION_BASED', chargeClass: ALL_IN, touId: p.touId,
        bands: [{ id: v.energyIds?.bands[i] ?? bandId(), amount: v.energy[i]! }],
      })),
      ...areaRates({
        areas: PGE_BASELINE_TERRITORIES, seasons: PGE_SEASONS, rateId, bandId, firstSeq: 5, kept: v.kept,
        rate: (area, season) => ({ group: 'Baseline Credit', name: `Baseline Credit (${season.name}), Baseline Territory ${area.code}`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION' }),
        bands: credit(v.credit),
      }),
    ],
    `${v.source}. The baseline credit applies to usage up to the allowance. ${BASELINE_NOTE}.`,
  );

/** Territory T's rates as first published (ids kept), keyed area/season. */
const keptT = (summer: [number, number, number], winter: [number, number, number]): KeptIds => ({
  'T/692': { rateId: summer[0], bandIds: [summer[1], summer[2]] },
  'T/693': { rateId: winter[0], bandIds: [winter[1], winter[2]] },
});

export const PGE_RESIDENTIAL_TARIFFS: readonly StarterTariff[] = [
  e1({
    tariffId: 1100001, priorTariffId: null, effectiveDate: '2025-03-01', endDate: '2025-09-01', tier1: 0.4073, tier2: 0.51031,
    minimum: { rateId: 1101003, bandId: 1102005, amount: 0.40317 }, ids: [1103000, 1104000], kept: keptT([1101001, 1102001, 1102002], [1101002, 1102003, 1102004]), lastUpdated: '2026-09-17',
    source: `PG&E Electric Schedule E-1, total bundled rates effective 2025-03-01: Tier 1 (baseline) $0.40730 and Tier 2 $0.51031/kWh and the Delivery Minimum Bill Amount $0.40317/meter/day from the "Res Inclu TOU" sheet, row "Residential Schedules: E-1, EM, ES, ESR, ET", of Res_Inclu_TOU_250301-250831.xlsx (https://www.pge.com/assets/rates/tariffs/Res_Inclu_TOU_250301-250831.xlsx, PG&E historical rate index), as transcribed in ${REGISTRY} (_E_1_HISTORICAL_WINDOWS); usage over 400 % of baseline is priced at the Tier 2 rate (no separate High Usage Surcharge)`,
  }),
  e1({
    tariffId: 1100002, priorTariffId: 1100001, effectiveDate: '2025-09-01', endDate: '2026-01-01', tier1: 0.39834, tier2: 0.49918,
    minimum: { rateId: 1101006, bandId: 1102010, amount: 0.40317 }, ids: [1103100, 1104100], kept: keptT([1101004, 1102006, 1102007], [1101005, 1102008, 1102009]), lastUpdated: '2026-09-17',
    source: `PG&E Electric Schedule E-1, total bundled rates effective 2025-09-01: Tier 1 $0.39834 and Tier 2 $0.49918/kWh and the Delivery Minimum Bill Amount $0.40317/meter/day from Res_Inclu_TOU_250901-251231.xlsx (https://www.pge.com/assets/rates/tariffs/Res_Inclu_TOU_250901-251231.xlsx, row "Residential Schedules: E-1, EM, ES, ESR, ET"), as transcribed in ${REGISTRY} (_E_1_HISTORICAL_WINDOWS); usage over 400 % of baseline at the Tier 2 rate`,
  }),
  e1({
    tariffId: 1100010, priorTariffId: 1100002, effectiveDate: '2026-01-01', endDate: '2026-03-01', tier1: 0.37839, tier2: 0.47405,
    minimum: { rateId: 1103290, bandId: 1104290, amount: 0.40317 }, ids: [1103200, 1104200], lastUpdated: '2026-09-17',
    source: `PG&E Electric Schedule E-1, total bundled rates effective 2026-01-01 (to 2026-02-28): Tier 1 $0.37839 and Tier 2 $0.47405/kWh and the Delivery Minimum Bill Amount $0.40317/meter/day from Res_Inclu_TOU_260101-260228.xlsx (PG&E historical rate index, row "Residential Schedules: E-1, EM, ES, ESR, ET"), as transcribed in ${REGISTRY} (_E_1_HISTORICAL_WINDOWS); the minimum bill also in ${COMPARISON}; usage over 400 % of baseline at the Tier 2 rate; no Base Services Charge yet`,
  }),
  e1({
    tariffId: 1100011, priorTariffId: 1100010, effectiveDate: '2026-03-01', endDate: null, tier1: 0.32561, tier2: 0.40702,
    ids: [1103300, 1104300], withBsc: true, lastUpdated: '2026-09-24',
    source: `PG&E Electric Schedule E-1, rates effective 2026-03-01 (Advice 7846-E; ELEC_SCHEDS_E-1.pdf, https://www.pge.com/tariffs/assets/pdf/tariffbook/ELEC_SCHEDS_E-1.pdf), read from ${TARIFFKIT}, src/tariffkit/data/tariff/pge/e1/2026-03-01.toml (generated from the tariff book's sheets; the unbundled components sum to the published totals): Tier 1 $0.32561 and Tier 2 $0.40702/kWh (total bundled; the baseline credit of $0.08141 is the spread of the two Conservation Incentive Adjustment rates, -0.04052 within and +0.04089 over baseline), usage over 400 % of baseline at the Tier 2 rate; ${BSC_NOTE}; no Delivery Minimum Bill from 2026-03-01 (${COMPARISON}). Sheet 1 carries Advice 7921-E effective 2026-06-01, which changed the climate credit's timing only; the same totals appear in ${REGISTRY} (Sheet 1, Advice 7921-E) and in cbetz/ratebook-homeassistant pge-e-1.json (OpenEI URDB 69d92c23ac3477692606714c). Still PG&E's current rates on 2026-09-24 (a public fact register citing PG&E's res-inclu-tou-current.xlsx, "March 1, 2026 to present"); no later change was found. Not included: CARE/FERA discounts beyond the Base Services Charge tier, the California Climate Credit, CCA and Direct Access`,
  }),
  touC({
    tariffId: 1100003, priorTariffId: null, effectiveDate: '2025-03-01', endDate: '2025-09-01', energy: [0.62569, 0.50269, 0.50086, 0.47086], credit: 0.10301,
    energyIds: { rates: [1101007, 1101008, 1101009, 1101010], bands: [1102011, 1102012, 1102013, 1102014] },
    minimum: { rateId: 1101013, bandId: 1102019, amount: 0.40317 }, ids: [1103400, 1104400], kept: keptT([1101011, 1102015, 1102016], [1101012, 1102017, 1102018]), lastUpdated: '2026-09-17',
    source: `PG&E Electric Schedule E-TOU-C, Sheets 2-3 (Advice 7516-E, effective 2025-03-01): total bundled energy rates and baseline credit $0.10301/kWh, as transcribed in ${TARIFFKIT}, src/tariffkit/data/tariff/pge/etouc/2025-03-01.toml, and, identically, from Res_Inclu_TOU_250301-250831.xlsx (https://www.pge.com/assets/rates/tariffs/Res_Inclu_TOU_250301-250831.xlsx) in ${REGISTRY} and ${COMPARISON}; Delivery Minimum Bill Amount $0.40317/meter/day from the same workbook`,
  }),
  touC({
    tariffId: 1100004, priorTariffId: 1100003, effectiveDate: '2025-09-01', endDate: '2026-01-01', energy: [0.61457, 0.49157, 0.48974, 0.45974], credit: 0.10084,
    energyIds: { rates: [1101014, 1101015, 1101016, 1101017], bands: [1102020, 1102021, 1102022, 1102023] },
    minimum: { rateId: 1101020, bandId: 1102028, amount: 0.40317 }, ids: [1103500, 1104500], kept: keptT([1101018, 1102024, 1102025], [1101019, 1102026, 1102027]), lastUpdated: '2026-09-17',
    source: `PG&E Electric Schedule E-TOU-C, Sheets 2-3 (Advice 7684-E, effective 2025-09-01): total bundled energy rates and baseline credit $0.10084/kWh, as transcribed in ${TARIFFKIT}, src/tariffkit/data/tariff/pge/etouc/2025-09-01.toml, and, identically, from Res_Inclu_TOU_250901-251231.xlsx in ${REGISTRY} and ${COMPARISON}; Delivery Minimum Bill Amount $0.40317/meter/day from the same workbook`,
  }),
  touC({
    tariffId: 1100012, priorTariffId: 1100004, effectiveDate: '2026-01-01', endDate: '2026-03-01', energy: [0.58943, 0.46643, 0.4646, 0.4346], credit: 0.09566,
    minimum: { rateId: 1103690, bandId: 1104690, amount: 0.40317 }, ids: [1103600, 1104600], lastUpdated: '2026-09-17',
    source: `PG&E Electric Schedule E-TOU-C, Sheets 2, 3 and 7 (Advice 7797-E, effective 2026-01-01): total bundled energy rates (summer peak 0.58943, off-peak 0.46643, winter peak 0.46460, off-peak 0.43460 $/kWh) and baseline credit $0.09566/kWh, read from ${TARIFFKIT}, src/tariffkit/data/tariff/pge/etouc/2026-01-01.toml (components sum to the published totals); the same figures and the Delivery Minimum Bill Amount $0.40317/meter/day from Res_Inclu_TOU_260101-260228.xlsx in ${COMPARISON}; no Base Services Charge yet`,
  }),
  touC({
    tariffId: 1100013, priorTariffId: 1100012, effectiveDate: '2026-03-01', endDate: null, energy: [0.5224, 0.3994, 0.39757, 0.36757], credit: 0.0814,
    ids: [1103700, 1104700], withBsc: true, lastUpdated: '2026-09-24',
    source: `PG&E Electric Schedule E-TOU-C, rates effective 2026-03-01 (Advice 7846-E; Sheet 2 reissued under Advice 7921-E effective 2026-06-01, climate-credit timing only; ELEC_SCHEDS_E-TOU-C.pdf), read from ${TARIFFKIT}, src/tariffkit/data/tariff/pge/etouc/2026-03-01.toml: total bundled energy rates summer peak 0.52240, off-peak 0.39940, winter peak 0.39757, off-peak 0.36757 $/kWh and baseline credit $0.08140/kWh (0.05354 - (-0.02786)); ${BSC_NOTE}; no minimum bill. The same figures in ${COMPARISON} (citing ELEC_7846-E.pdf) and in cbetz/ratebook-homeassistant pge-e-tou-c.json (2026-06-01). Still PG&E's current rates on 2026-09-24 (a public fact register citing res-inclu-tou-current.xlsx, "March 1, 2026 to present"); no later change was found. Holidays are priced as other days (peak 4-9 p.m. every day)`,
  }),
];
