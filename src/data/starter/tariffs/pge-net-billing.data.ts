// PG&E Schedule E-ELEC (residential electrification time-of-use), and EV2-A and E-TOU-C below, as a new solar
// customer takes them today: under the
// Net Billing Tariff (Solar Billing Plan) for interconnection applications after 2023-04-14. Imports are billed at
// E-ELEC's time-of-use prices; the non-bypassable charges are a rate of their own on every imported kWh (never offset
// by export credit); exports are credited hourly at the Solar Billing Plan export prices (generation + delivery,
// lookups of src/data/starter/export-prices/); the month's energy charges floor at $0 and the excess is carried as
// dollars to the following months, the credit left at the yearly true-up expiring.
//
// Figures: ELEC_SCHEDS_E-ELEC.pdf (https://www.pge.com/tariffs/assets/pdf/tariffbook/ELEC_SCHEDS_E-ELEC.pdf), rates
// effective 2026-03-01 (Advice 7846-E; Sheet 2 reissued by Advice 7921-E effective 2026-06-01, climate credit only),
// read from eman/tariffkit (MIT) src/tariffkit/data/tariff/pge/eelec/2026-03-01.toml at commit
// f6d09ccd57595c854dce94d5e8c1d893c42bc71b (generated from the tariff book's sheets; its unbundled components sum to
// the published totals): total bundled energy rates summer peak 0.55214, part-peak 0.39026, off-peak 0.33358; winter
// peak 0.32063, part-peak 0.29854, off-peak 0.28468 $/kWh; peak 4-9 p.m., part-peak 3-4 p.m. and 9 p.m. - midnight,
// every day; summer June - September; Base Services Charge as E-1's. No baseline allowance.
// The non-bypassable charges: the components the CPUC's net billing decision (D.22-12-056, as NEM 2.0's D.16-01-044)
// names non-bypassable, as E-ELEC's sheet prices them: public purpose programs 0.00614, nuclear decommissioning
// -0.00002, competition transition charges 0.00027, wildfire fund charge 0.00591, new system generation 0.00000,
// recovery bond charge 0.00857 with its recovery bond credit -0.00857: 0.01230 $/kWh in all. Our reading of which
// components count: PG&E's bill may group them differently (the energy cost recovery amount, 0.00002, is left with
// the energy rate). Each energy rate below is the total less 0.01230, so an import costs the published total.
import { BASELINE_NOTE, BSC_NOTE, bscRate, PGE_SEASONS } from './pge-residential.data.ts';
import { BASELINE_ALLOWANCE_KEY, BASIC, INCOME_TIER_KEY, PGE_BASELINE_TERRITORIES, areaRates, credit, idsFrom } from './baseline-areas.ts';
import type { StarterRate, StarterTariff, StarterTariffSet } from './starter-tariff.ts';
import type { StarterTouGroup } from '../time.data.ts';

export const E_ELEC_MASTER_TARIFF_ID = 1700000;
/** The non-bypassable charges per imported kWh (see above). */
export const PGE_NBT_NBC = 0.0123;
/** The export price keys a Solar Billing Plan customer applying in 2026 is credited at (its 2026 vintage). */
export const PGE_NBT_EXPORT_KEYS = { generation: 'pgeNbtExportGeneration2026', delivery: 'pgeNbtExportDelivery2026' };

const SUMMER = 692;
const WINTER = 693;
const TOU = {
  summerPeak: 1700001, summerPartPeak: 1700002, summerOffPeak: 1700003,
  winterPeak: 1700004, winterPartPeak: 1700005, winterOffPeak: 1700006,
};
let period = 1710001;
const span = (fromHour: number, toHour: number) => ({ touPeriodId: period++, fromDayOfWeek: 0, fromHour, fromMinute: 0, toDayOfWeek: 6, toHour, toMinute: 0 });

const E_ELEC_TOU: StarterTouGroup = {
  lseId: 734, touGroupId: 1700001,
  source: 'PG&E Schedules E-ELEC and EV2-A: peak 4-9 p.m., part-peak 3-4 p.m. and 9 p.m. - midnight, off-peak all other hours, every day including holidays; summer June 1 - September 30 (seasons 692 and 693)',
  tous: [
    { touId: TOU.summerPeak, touName: 'Summer Peak', touType: 'ON_PEAK', seasonId: SUMMER, calendarId: null, periods: [span(16, 21)] },
    { touId: TOU.summerPartPeak, touName: 'Summer Part-Peak', touType: 'PARTIAL_PEAK', seasonId: SUMMER, calendarId: null, periods: [span(15, 16), span(21, 0)] },
    { touId: TOU.summerOffPeak, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: SUMMER, calendarId: null, periods: [span(0, 15)] },
    { touId: TOU.winterPeak, touName: 'Winter Peak', touType: 'ON_PEAK', seasonId: WINTER, calendarId: null, periods: [span(16, 21)] },
    { touId: TOU.winterPartPeak, touName: 'Winter Part-Peak', touType: 'PARTIAL_PEAK', seasonId: WINTER, calendarId: null, periods: [span(15, 16), span(21, 0)] },
    { touId: TOU.winterOffPeak, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: WINTER, calendarId: null, periods: [span(0, 15)] },
  ],
};

/** Summer peak, part-peak, off-peak, winter peak, part-peak, off-peak: total bundled $/kWh (2026-03-01). */
type SixPrices = [number, number, number, number, number, number];
const PERIODS: [string, number][] = [
  ['Summer Peak', TOU.summerPeak], ['Summer Part-Peak', TOU.summerPartPeak], ['Summer Off-Peak', TOU.summerOffPeak],
  ['Winter Peak', TOU.winterPeak], ['Winter Part-Peak', TOU.winterPartPeak], ['Winter Off-Peak', TOU.winterOffPeak],
];
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/**
 * The rates of a PG&E schedule with E-ELEC's periods and no baseline under the Solar Billing Plan: the Base Services
 * Charge, the six TOU energy rates less the non-bypassable charges, those charges on every imported kWh, and the two
 * export credits. Ids are drawn in that order from the first ones given, so a version's ids stay stable.
 */
function nbtTouRates(totals: SixPrices, firstRateId: number, firstBandId: number): StarterRate[] {
  const rateId = idsFrom(firstRateId);
  const bandId = idsFrom(firstBandId);
  return [
    bscRate(rateId, bandId),
    ...PERIODS.map(([name, touId], i): StarterRate => ({
      id: rateId(), seq: i + 1, group: 'Energy Charges', name: `${name} (less non-bypassable charges)`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION', transactionType: 'BUY', touId,
      bands: [{ id: bandId(), amount: round5(totals[i]! - PGE_NBT_NBC) }],
    })),
    { id: rateId(), seq: 7, group: 'Non-Bypassable Charges', name: 'Non-Bypassable Charges (every imported kWh)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'NON_BYPASSABLE', transactionType: 'BUY', bands: [{ id: bandId(), amount: PGE_NBT_NBC }] },
    { id: rateId(), seq: 8, group: 'Export Credits', name: 'Solar Billing Plan Export Credit, Generation (2026 vintage)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', transactionType: 'SELL', variableRateKey: PGE_NBT_EXPORT_KEYS.generation, bands: [{ id: bandId(), amount: 0 }] },
    { id: rateId(), seq: 9, group: 'Export Credits', name: 'Solar Billing Plan Export Credit, Delivery (2026 vintage)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', transactionType: 'SELL', variableRateKey: PGE_NBT_EXPORT_KEYS.delivery, bands: [{ id: bandId(), amount: 0 }] },
  ];
}

const NBT_RULES: StarterTariff['exportRules'] = { arrangement: 'NET_BILLING_CARRYOVER', trueUpMonth: 12, yearEndCreditPaid: false, newSolarFrom: '2023-04-15' };
const NBT_NOTE = `less the non-bypassable charges of ${PGE_NBT_NBC} $/kWh (public purpose programs, nuclear decommissioning, competition transition, wildfire fund, new system generation, recovery bond charge and credit), billed as a rate of their own on every imported kWh; exports credited at PG&E's Solar Billing Plan hourly export prices, 2026 vintage, generation and delivery (PG&E Solar Billing Plan Export Rates, files of 2024-12-18); net billing with monthly dollar carryover, the credit left at the December true-up expiring (net surplus compensation is not modelled). ${BSC_NOTE}. Not included: CARE/FERA, the California Climate Credit, CCA and Direct Access (whose customers get PG&E's delivery export price only)`;

export const E_ELEC_2026: StarterTariff = {
  tariffId: 1700001, masterTariffId: E_ELEC_MASTER_TARIFF_ID, tariffCode: 'E-ELEC', tariffName: 'Residential Electrification Time-of-Use (Solar Billing Plan)', lseId: 734,
  priorTariffId: null, tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null,
  effectiveDate: '2026-03-01', endDate: null, lastUpdated: '2026-06-01', timeZone: 'America/Los_Angeles',
  properties: [{ keyName: INCOME_TIER_KEY, propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: 'Income Tier 3', isDefault: true }],
  exportRules: NBT_RULES,
  rates: nbtTouRates([0.55214, 0.39026, 0.33358, 0.32063, 0.29854, 0.28468], 1701000, 1702000),
  source: `PG&E Electric Schedule E-ELEC, rates effective 2026-03-01 (Advice 7846-E), read from eman/tariffkit (MIT) src/tariffkit/data/tariff/pge/eelec/2026-03-01.toml at commit f6d09ccd57595c854dce94d5e8c1d893c42bc71b; total bundled energy rates ${NBT_NOTE}`,
};

export const EV2A_NBT_MASTER_TARIFF_ID = 1700020;
/**
 * EV2-A (home charging of an electric vehicle; peak 4-9 p.m., part-peak 3-4 p.m. and 9 p.m. - midnight, every day:
 * E-ELEC's periods) under the Solar Billing Plan: ELEC_SCHEDS_EV2 (Sch).pdf, rates effective 2026-03-01 (Advice
 * 7846-E), total bundled summer peak 0.53809, part-peak 0.42760, off-peak 0.22558; winter peak 0.41099, part-peak
 * 0.39428, off-peak 0.22558 $/kWh, with the same non-bypassable components as E-ELEC's sheet.
 */
export const EV2A_NBT_2026: StarterTariff = {
  tariffId: 1700021, masterTariffId: EV2A_NBT_MASTER_TARIFF_ID, tariffCode: 'EV2-A', tariffName: 'Residential Time-of-Use for Plug-In Electric Vehicle Customers (Solar Billing Plan)', lseId: 734,
  priorTariffId: null, tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null,
  effectiveDate: '2026-03-01', endDate: null, lastUpdated: '2026-06-01', timeZone: 'America/Los_Angeles',
  properties: [{ keyName: INCOME_TIER_KEY, propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: 'Income Tier 3', isDefault: true }],
  exportRules: NBT_RULES,
  rates: nbtTouRates([0.53809, 0.4276, 0.22558, 0.41099, 0.39428, 0.22558], 1705000, 1706000),
  source: `PG&E Electric Schedule EV2-A, rates effective 2026-03-01 (Advice 7846-E; Sheet 2 reissued by Advice 7921-E effective 2026-06-01), read from eman/tariffkit (MIT) src/tariffkit/data/tariff/pge/ev2a/2026-03-01.toml at commit 32f488746d919a73125e3e9889b139e4100c289a (components summing to the published totals); periods as E-ELEC's; total bundled energy rates ${NBT_NOTE}`,
};

export const E_TOU_C_NBT_MASTER_TARIFF_ID = 1700010;
const touCRateId = idsFrom(1703000);
const touCBandId = idsFrom(1704000);
/** E-TOU-C's periods (time.data.ts) with its 2026-03-01 total bundled prices. */
const TOU_C_ENERGY: [string, number, number][] = [
  ['Summer Peak', 1000002, 0.5224], ['Summer Off-Peak', 1000003, 0.3994], ['Winter Peak', 1000004, 0.39757], ['Winter Off-Peak', 1000005, 0.36757],
];
const exportCredits = (rateId: () => number, bandId: () => number, firstSeq: number): StarterRate[] => [
  { id: rateId(), seq: firstSeq, group: 'Export Credits', name: 'Solar Billing Plan Export Credit, Generation (2026 vintage)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', transactionType: 'SELL', variableRateKey: PGE_NBT_EXPORT_KEYS.generation, bands: [{ id: bandId(), amount: 0 }] },
  { id: rateId(), seq: firstSeq + 1, group: 'Export Credits', name: 'Solar Billing Plan Export Credit, Delivery (2026 vintage)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', transactionType: 'SELL', variableRateKey: PGE_NBT_EXPORT_KEYS.delivery, bands: [{ id: bandId(), amount: 0 }] },
];

/**
 * E-TOU-C (peak 4-9 p.m. every day) as a Solar Billing Plan customer takes it: its 2026-03-01 prices (the version
 * pge-residential.data.ts bundles, same sources) less the non-bypassable charges, billed apart on every imported kWh;
 * the baseline credit on imported kWh up to the allowance; exports credited at the hourly export prices.
 */
export const E_TOU_C_NBT_2026: StarterTariff = {
  tariffId: 1700011, masterTariffId: E_TOU_C_NBT_MASTER_TARIFF_ID, tariffCode: 'E-TOU-C', tariffName: 'Residential Time-of-Use (Peak Pricing 4 - 9 p.m. Every Day), Solar Billing Plan', lseId: 734,
  priorTariffId: null, tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null,
  effectiveDate: '2026-03-01', endDate: null, lastUpdated: '2026-09-24', timeZone: 'America/Los_Angeles',
  properties: [
    { keyName: BASELINE_ALLOWANCE_KEY, propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: BASIC, isDefault: true },
    { keyName: INCOME_TIER_KEY, propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: 'Income Tier 3', isDefault: true },
  ],
  exportRules: { arrangement: 'NET_BILLING_CARRYOVER', trueUpMonth: 12, yearEndCreditPaid: false, newSolarFrom: '2023-04-15' },
  rates: [
    bscRate(touCRateId, touCBandId),
    ...TOU_C_ENERGY.map(([name, touId, total], i): StarterRate => ({
      id: touCRateId(), seq: i + 1, group: 'Energy Charges', name: `${name} (less non-bypassable charges)`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION', transactionType: 'BUY', touId,
      bands: [{ id: touCBandId(), amount: round5(total - PGE_NBT_NBC) }],
    })),
    ...areaRates({
      areas: PGE_BASELINE_TERRITORIES, seasons: PGE_SEASONS, rateId: touCRateId, bandId: touCBandId, firstSeq: 5,
      rate: (area, season) => ({ group: 'Baseline Credit', name: `Baseline Credit (${season.name}), Baseline Territory ${area.code}`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', transactionType: 'BUY' }),
      bands: credit(0.0814),
    }),
    { id: touCRateId(), seq: 100, group: 'Non-Bypassable Charges', name: 'Non-Bypassable Charges (every imported kWh)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'NON_BYPASSABLE', transactionType: 'BUY', bands: [{ id: touCBandId(), amount: PGE_NBT_NBC }] },
    ...exportCredits(touCRateId, touCBandId, 101),
  ],
  source: `PG&E Electric Schedule E-TOU-C, rates effective 2026-03-01 (Advice 7846-E), read from eman/tariffkit (MIT) src/tariffkit/data/tariff/pge/etouc/2026-03-01.toml (as the E-TOU-C versions of pge-residential.data.ts): total bundled energy rates summer peak 0.52240, off-peak 0.39940, winter peak 0.39757, off-peak 0.36757 $/kWh less the non-bypassable charges of ${PGE_NBT_NBC} $/kWh (as E-ELEC's, the same components at the same prices in the same sheet), billed as a rate of their own on every imported kWh; baseline credit $0.08140/kWh on imported kWh up to the allowance; exports credited at PG&E's Solar Billing Plan hourly export prices, 2026 vintage (files of 2024-12-18); net billing with monthly dollar carryover, the credit left at the December true-up expiring (net surplus compensation is not modelled). ${BSC_NOTE}. ${BASELINE_NOTE}. Not included: CARE/FERA, the California Climate Credit, CCA and Direct Access`,
};

export const PGE_NET_BILLING_TARIFFS: StarterTariffSet = { tariffs: [E_ELEC_2026, E_TOU_C_NBT_2026, EV2A_NBT_2026], touGroups: [E_ELEC_TOU] };
