// SDG&E TOU-DR1 from its Total Rates Tables of 2026 (6-1-26 and 8-1-26): six total energy prices by season and period,
// the Baseline Adjustment Credit by climate zone up to 130 % of the zone's allowance, and the daily Base Services
// Charge. Both tables have the same structure, so one builder writes both versions; each `source` names its table and
// the copy it was read from.
import { SDGE_CLIMATE_ZONES, SDGE_ZONE_SOURCE, areaRates, creditTo130, idsFrom } from './baseline-areas.ts';
import type { StarterRate, StarterTariff } from './starter-tariff.ts';
import { SDGE_SEASONS } from './urdb-records.data.ts';

/** The TOUs of group 1100005 (periods from 2026-05-01), in the order of a table's six prices. */
const PERIODS = [
  { name: 'Summer On-Peak', touId: 1100032 },
  { name: 'Summer Off-Peak', touId: 1100033 },
  { name: 'Summer Super Off-Peak', touId: 1100034 },
  { name: 'Winter On-Peak', touId: 1100035 },
  { name: 'Winter Off-Peak', touId: 1100036 },
  { name: 'Winter Super Off-Peak', touId: 1100037 },
] as const;

const BASE_SERVICES_CHARGE = 0.79343;
const CREDIT_LIMIT =
  'up to 130 % of each climate zone\'s baseline allowance: the limit SDG&E\'s tables print ("up to 130% of baseline", on the 8-1-26 table as transcribed below) and corruptbear/my_sdge\'s bill calculator applies (sdge_hourly.py get_allowance_deduction); the OpenEI URDB record 6772cfc9b5f9d561220ececb this structure follows limits it at 100 % (9 kWh/day Coastal summer), read here as the record\'s simplification';
const LEFT_OUT =
  'CARE/FERA discounts, the income-graduated Base Services Charge tiers and holidays (priced as weekends) are not included.';

interface Table {
  tariffId: number;
  priorTariffId: number;
  effectiveDate: string;
  endDate: string | null;
  lastUpdated: string;
  /** Total $/kWh in the order of PERIODS: summer on, off, super off; winter on, off, super off. */
  prices: readonly [number, number, number, number, number, number];
  credit: number;
  /** Ids of the Base Services Charge rate and band; the energy rates and bands follow them, the credits from their own. */
  rateId: number;
  bandId: number;
  creditRateId: number;
  creditBandId: number;
  source: string;
}

function touDr1Table(t: Table): StarterTariff {
  return {
    tariffId: t.tariffId, masterTariffId: 1100105, tariffCode: 'TOU-DR1', tariffName: 'Residential Time-of-Use', lseId: 1000002, priorTariffId: t.priorTariffId, tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: t.effectiveDate, endDate: t.endDate, timeZone: 'America/Los_Angeles', lastUpdated: t.lastUpdated,
    properties: [],
    rates: [
      { id: t.rateId, seq: 0, group: 'Base Services Charge', name: 'Base Services Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: t.bandId, amount: BASE_SERVICES_CHARGE }] },
      ...PERIODS.map((p, i): StarterRate => ({
        id: t.rateId + 1 + i, seq: 1 + i, group: 'Energy Charges', name: p.name, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: p.touId, bands: [{ id: t.bandId + 1 + i, amount: t.prices[i]! }],
      })),
      ...areaRates({
        areas: SDGE_CLIMATE_ZONES, seasons: SDGE_SEASONS, rateId: idsFrom(t.creditRateId), bandId: idsFrom(t.creditBandId), firstSeq: 7,
        rate: (area, season) => ({ group: 'Baseline Adjustment Credit', name: `Baseline Adjustment Credit (${season.name}), ${area.code} climate zone`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION' }),
        bands: creditTo130(t.credit),
      }),
    ],
    source: t.source,
  };
}

/** Where a table's figures are listed in its `source`. */
const figures = (t: Pick<Table, 'prices' | 'credit'>) =>
  `total energy rates $/kWh summer (June - October) on-peak ${t.prices[0]}, off-peak ${t.prices[1]}, super off-peak ${t.prices[2]}; winter (November - May) on-peak ${t.prices[3]}, off-peak ${t.prices[4]}, super off-peak ${t.prices[5]}; Baseline Adjustment Credit $${t.credit}/kWh ${CREDIT_LIMIT}; Base Services Charge $${BASE_SERVICES_CHARGE}/day (non-CARE); no minimum bill. Climate zone allowances: ${SDGE_ZONE_SOURCE}. An address in San Diego County is placed by its CEC climate zone (the zones' territories say how); elsewhere give territoryId, or the Coastal zone (the first) is assumed. ${LEFT_OUT}`;

const JUNE = { prices: [0.68459, 0.46392, 0.3766, 0.61014, 0.52843, 0.43767], credit: 0.10663 } as const;
const AUGUST = { prices: [0.69135, 0.46421, 0.37433, 0.61471, 0.5306, 0.43719], credit: 0.10702 } as const;

export const SDGE_TOU_DR1_2026: readonly StarterTariff[] = [
  touDr1Table({
    ...JUNE, tariffId: 1100017, priorTariffId: 1100007, effectiveDate: '2026-06-01', endDate: '2026-08-01', lastUpdated: '2026-07-01',
    rateId: 1109001, bandId: 1109101, creditRateId: 1109201, creditBandId: 1109301,
    source: `SDG&E Schedule TOU-DR1 Total Rates Table effective 2026-06-01 (https://www.sdge.com/sites/default/files/regulatory/6-1-26%20Schedule%20TOU-DR1%20Total%20Rates%20Table.pdf; verified with the 1-1-26 table, Schedule TOU-DR1 and Rule 1), as transcribed in cbetz/ratebook packages/ratebook-data/dataset/tariffs/sdge-tou-dr-1.json (commit d6acd29dafadcb51d5786ee7b6aa350dd2646780, data licensed CC0-1.0; structure of OpenEI URDB record 6772cfc9b5f9d561220ececb; "re-verified against the utility's current rate sheet 2026-07-01"; identical in cbetz/ratebook-homeassistant commit b8d5adc3d94620898204e81756b2bebb3520dafe, Apache-2.0); the same six totals appear, as printed on the 6-1-26 sheet, in the test data of another public GitHub rate project: ${figures(JUNE)}`,
  }),
  touDr1Table({
    ...AUGUST, tariffId: 1100018, priorTariffId: 1100017, effectiveDate: '2026-08-01', endDate: null, lastUpdated: '2026-09-23',
    rateId: 1109501, bandId: 1109601, creditRateId: 1109701, creditBandId: 1109801,
    source: `SDG&E Schedule TOU-DR1 Total Rates Table effective 2026-08-01 (https://www.sdge.com/sites/default/files/regulatory/8-1-26%20Schedule%20TOU-DR1%20Total%20Rates%20Table.pdf), as transcribed in solarhubmarketplace-coder/california-rate-relief, Code/Frontend/src/app/blog/sdge-time-of-use-rates-2026/page.tsx (the ratereliefca.com page "SDG&E Time-of-Use Rates in 2026", updated 2026-09-23, "the latest posted when we checked on September 23, 2026"; the repository states no licence), whose figures agree with the 8-1-26 sheet as transcribed, retrieved 2026-09-09, in the test data of another public GitHub rate project; that project found no later 2026 TOU-DR1 table: ${figures(AUGUST)}`,
  }),
];
