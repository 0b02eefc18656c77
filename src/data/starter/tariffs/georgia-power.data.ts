// Starter tariffs. Georgia Power's residential tariff R-22 (master tariff 512) is the version the original API
// returned for tariffs/512 on 2016-01-01 (recorded in its client libraries' tests), with the original's ids.
// Its fuel cost recovery and municipal franchise fee amounts come from lookups whose values are not bundled.
// It is kept as history: since 2026-06-01 the tariff's version is Schedule R-31, from its published figures (source below).

import type { StarterTariff } from './starter-tariff.ts';

export const GEORGIA_POWER_TARIFFS: readonly StarterTariff[] = [
  {
    tariffId: 3244437, masterTariffId: 512, tariffCode: 'R-22', tariffName: 'Residential', lseId: 2756, priorTariffId: 3228032,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: 2028231, effectiveDate: '2016-01-01', endDate: '2026-06-01',
    timeZone: 'America/New_York', lastUpdated: '2016-01-01', chargeTypes: 'FIXED_PRICE,CONSUMPTION_BASED,QUANTITY,MINIMUM', ratesFrom: '2016-01-01T00:00:00',
    properties: [
      { keyName: 'cityLimits', propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: 'Inside', isDefault: true },
      { keyName: 'consumption', propertyTypes: 'RATE_CRITERIA', operator: '', propertyValue: null, isDefault: false },
      { keyName: 'isLowIncomeSeniorCitizen953', propertyTypes: 'RATE_CRITERIA', operator: '=', propertyValue: 'false', isDefault: true },
    ],
    rates: [
      { id: 17471831, seq: 0, group: 'Basic Service Charge', name: 'Basic Service Charge', chargeType: 'FIXED_PRICE', bands: [{ id: 10922532, amount: 10 }] },
      { id: 17471832, seq: 1, group: 'Environmental Compliance Cost Recovery Charge', name: 'Basic Service Charge Component', chargeType: 'FIXED_PRICE', bands: [{ id: 10922533, amount: 10, factor: 0.12768 }] },
      { id: 17471845, seq: 1, group: 'Fuel Cost Recovery Charge', name: 'Summer Rate', chargeType: 'CONSUMPTION_BASED', seasonId: 315, variableRateKey: 'fuelCostRecoverySecondaryDistributionSummer', bands: [{ id: 10922562, amount: 0 }] },
      { id: 17471833, seq: 2, group: 'Nuclear Construction Cost Recovery Charge', name: 'Basic Service Charge Component', chargeType: 'FIXED_PRICE', bands: [{ id: 10922534, amount: 10, factor: 0.097357 }] },
      { id: 17471834, seq: 3, group: 'Demand Side Management Charge', name: 'Basic Service Charge Component', chargeType: 'FIXED_PRICE', bands: [{ id: 10922535, amount: 10, factor: 0.016721 }] },
      { id: 17471835, seq: 4, group: 'Senior Citizen - Low Income Assistance', name: 'Senior Citizen - Low Income Assistance', chargeType: 'FIXED_PRICE', applicabilityKey: 'isLowIncomeSeniorCitizen953', bands: [{ id: 10922536, amount: 18, applicabilityValue: 'true', isCredit: true }] },
      { id: 17471841, seq: 4, group: 'Environmental Compliance Cost Recovery Charge', name: 'Energy Charge - Summer Component', chargeType: 'CONSUMPTION_BASED', seasonId: 315, bands: [{ id: 10922550, amount: 0.056582, upTo: 650, factor: 0.12768 }, { id: 10922551, amount: 0.093983, upTo: 1000, factor: 0.12768 }, { id: 10922552, amount: 0.097273, factor: 0.12768 }] },
      { id: 17471836, seq: 5, group: 'Demand Side Management Charge', name: 'Energy Charge - Winter Component', chargeType: 'CONSUMPTION_BASED', seasonId: 314, bands: [{ id: 10922537, amount: 0.056582, upTo: 650, factor: 0.016721 }, { id: 10922538, amount: 0.048533, upTo: 1000, factor: 0.016721 }, { id: 10922539, amount: 0.047641, factor: 0.016721 }] },
      { id: 17471837, seq: 6, group: 'Energy Charges', name: 'Winter Rate', chargeType: 'CONSUMPTION_BASED', seasonId: 314, bands: [{ id: 10922540, amount: 0.056582, upTo: 650 }, { id: 10922541, amount: 0.048533, upTo: 1000 }, { id: 10922542, amount: 0.047641 }] },
      { id: 17471838, seq: 7, group: 'Environmental Compliance Cost Recovery Charge', name: 'Energy Charge - Winter Component', chargeType: 'CONSUMPTION_BASED', seasonId: 314, bands: [{ id: 10922543, amount: 0.056582, upTo: 650, factor: 0.12768 }, { id: 10922544, amount: 0.048533, upTo: 1000, factor: 0.12768 }, { id: 10922545, amount: 0.047641, factor: 0.12768 }] },
      { id: 17471842, seq: 7, group: 'Nuclear Construction Cost Recovery Charge', name: 'Energy Charge - Summer Component', chargeType: 'CONSUMPTION_BASED', seasonId: 315, bands: [{ id: 10922553, amount: 0.056582, upTo: 650, factor: 0.097357 }, { id: 10922554, amount: 0.093983, upTo: 1000, factor: 0.097357 }, { id: 10922555, amount: 0.097273, factor: 0.097357 }] },
      { id: 17471839, seq: 8, group: 'Nuclear Construction Cost Recovery Charge', name: 'Energy Charge - Winter Component', chargeType: 'CONSUMPTION_BASED', seasonId: 314, bands: [{ id: 10922546, amount: 0.056582, upTo: 650, factor: 0.097357 }, { id: 10922547, amount: 0.048533, upTo: 1000, factor: 0.097357 }, { id: 10922548, amount: 0.047641, factor: 0.097357 }] },
      { id: 17471848, seq: 8, group: 'Municipal Franchise Fee', name: 'Inside City Limit Customer', chargeType: 'QUANTITY', applicabilityKey: 'cityLimits', variableRateKey: 'municipalFranchiseFeeInsideCityLimits', bands: [{ id: 10922565, amount: 0, applicabilityValue: 'Inside', unit: 'PERCENTAGE' }] },
      { id: 17471840, seq: 9, group: 'Fuel Cost Recovery Charge', name: 'Winter Rate', chargeType: 'CONSUMPTION_BASED', seasonId: 314, variableRateKey: 'fuelCostRecoverySecondaryDistributionWinter', bands: [{ id: 10922549, amount: 0 }] },
      { id: 17471843, seq: 9, group: 'Energy Charges', name: 'Summer Rate', chargeType: 'CONSUMPTION_BASED', seasonId: 315, bands: [{ id: 10922556, amount: 0.056582, upTo: 650 }, { id: 10922557, amount: 0.093983, upTo: 1000 }, { id: 10922558, amount: 0.097273 }] },
      { id: 17471844, seq: 9, group: 'Demand Side Management Charge', name: 'Energy Charge - Summer Component', chargeType: 'CONSUMPTION_BASED', seasonId: 315, bands: [{ id: 10922559, amount: 0.056582, upTo: 650, factor: 0.016721 }, { id: 10922560, amount: 0.093983, upTo: 1000, factor: 0.016721 }, { id: 10922561, amount: 0.097273, factor: 0.016721 }] },
      { id: 17471849, seq: 9, group: 'Municipal Franchise Fee', name: 'Outside City Limit Customer', chargeType: 'QUANTITY', applicabilityKey: 'cityLimits', variableRateKey: 'municipalFranchiseFeeOutsideCityLimits', bands: [{ id: 10922566, amount: 0, applicabilityValue: 'Outside', unit: 'PERCENTAGE' }] },
      { id: 17471850, seq: 999, group: 'Minimum Charge', name: 'Minimum Charge', chargeType: 'MINIMUM', bands: [{ id: 10922567, amount: 10 }] },
    ],
    source: 'Recorded original API response: tariffs/512?populateRates=true&populateProperties=true (Georgia Power R-22, effective 2016-01-01); zone US/Eastern written as America/New_York; territory 3114 of the original is not bundled',
  },
  {
    // R-31, the schedule in force today: base rate + adjustment (fuel and the riders the record folds in) per tier.
    tariffId: 1200003, masterTariffId: 512, tariffCode: 'R-31', tariffName: 'Residential', lseId: 2756, priorTariffId: 3244437,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-06-01', endDate: null,
    timeZone: 'America/New_York', lastUpdated: '2026-07-01',
    properties: [],
    rates: [
      { id: 1200301, seq: 0, group: 'Basic Service Charge', name: 'Basic Service Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: 1200401, amount: 0.4603 }] },
      // June - September: 0.087738 + 0.052202 up to 650 kWh, 0.145738 + 0.061242 up to 1,000 kWh, 0.150828 + 0.062036 above.
      { id: 1200302, seq: 1, group: 'Energy Charges', name: 'Summer Rate', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', seasonId: 315, bands: [{ id: 1200402, amount: 0.13994, upTo: 650 }, { id: 1200403, amount: 0.20698, upTo: 1000 }, { id: 1200404, amount: 0.212864 }] },
      // October - May: 0.082116 + 0.051823, one tier.
      { id: 1200303, seq: 2, group: 'Energy Charges', name: 'Winter Rate', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', seasonId: 314, bands: [{ id: 1200405, amount: 0.133939 }] },
    ],
    source: 'Georgia Power Schedule R-31 (Residential Service), effective 2026-06-01 (https://www.georgiapower.com/content/dam/georgia-power/pdfs/tariffs/r.pdf; verified with the FCR, ECCR, DSM-R and MFF rider sheets and the Georgia PSC bill calculator), as transcribed in cbetz/ratebook packages/ratebook-data/dataset/tariffs/georgia-power-r-30.json (commit d6acd29dafadcb51d5786ee7b6aa350dd2646780, data licensed CC0-1.0; "Residential Service R-31 (formerly R-30)", structure of OpenEI URDB record 677c384de1bf88853903410c; "re-verified against the utility\'s current rate sheet 2026-07-01"; identical in cbetz/ratebook-homeassistant commit b8d5adc3d94620898204e81756b2bebb3520dafe, Apache-2.0): basic service charge $0.4603/day; energy rate + adjustment $/kWh June - September 0.087738 + 0.052202 (first 650 kWh), 0.145738 + 0.061242 (next 350 kWh), 0.150828 + 0.062036 (over 1,000 kWh); October - May 0.082116 + 0.051823 (all kWh). The adjustments are as verified on 2026-07-01 (the fuel rate changes by PSC order). No minimum charge and no municipal franchise fee are in the transcription; they are left out, as are the senior citizen low-income credit and taxes',
  },
];

// Georgia Power's Time of Use - Residential Energy Only schedule (master tariff 1200001), two versions. TOU-REO-19
// (June 2026) is not loaded: only its energy charges were found (in a transcription), and its basic service charge
// would have to be guessed; TOU-REO-18 stays in effect by the version rule until its sheet is found. Its on-peak
// hours are those of the recorded TOU group 1 (June - September weekdays 2-7 pm, Independence Day and Labor Day
// off-peak), unchanged from TOU-REO-10 to TOU-REO-18. Fuel cost recovery and the franchise fee are lookups without
// bundled values.
//
// TOU-REO-10, effective with bills for January 2016 (Georgia Power electric service tariff page 2.20, as published on
// scribd.com/document/449673600). The sheet increases the amounts under the Environmental Compliance, Nuclear
// Construction and Demand Side Management schedules: written, as the original wrote them on R-22 for the same month,
// as calculation factors on each charge.
const TOU_REO_RIDERS = [
  { group: 'Environmental Compliance Cost Recovery Charge', factor: 0.12768 },
  { group: 'Nuclear Construction Cost Recovery Charge', factor: 0.097357 },
  { group: 'Demand Side Management Charge', factor: 0.016721 },
];
const TOU_REO_BASE = [
  { name: 'Basic Service Charge', chargeType: 'FIXED_PRICE' as const, amount: 10 },
  { name: 'On-Peak Energy', chargeType: 'CONSUMPTION_BASED' as const, amount: 0.203217, touId: 1 },
  { name: 'Summer Off-Peak Energy', chargeType: 'CONSUMPTION_BASED' as const, amount: 0.049409, touId: 2 },
  { name: 'Winter Off-Peak Energy', chargeType: 'CONSUMPTION_BASED' as const, amount: 0.049409, touId: 1000001 },
];

/** Where Georgia Power's own TOU-REO-18 sheet was read: a public copy beside the analyzer that prices it. */
const TOU_REO_18_SHEET =
  'Georgia Power electric service tariff, schedule TOU-REO-18 (page 2.20, original), effective with bills rendered for the billing month of January 2025, the utility\'s PDF as copied in jfkassam/ga_power_rateplan, reference/tou-reo-18.pdf (commit 5b8afc3299bbd67808c2b31bcfaef98d5b45b0e5, 2025-11-22; the repository has no licence file; Georgia Power publishes its sheets as https://www.georgiapower.com/content/dam/georgia-power/pdfs/residential-pdfs/tariffs/2025/tou-reo-18.pdf, by the pattern of the tou-oa-14.pdf address cbetz/ratebook gives)';

/**
 * A TOU-REO version from 2025 on: the daily basic service charge and the energy charges of its sheet, by the TOU
 * periods of group 1. The sheet's riders (Environmental Compliance Cost Recovery, Demand Side Management, fuel cost
 * recovery, municipal franchise fee) are percentages or factors set in other schedules and are not bundled.
 */
function touReoVersion(v: { tariffId: number; priorTariffId: number; code: string; name: string; effectiveDate: string; endDate: string | null; lastUpdated: string; basic: number; onPeak: number; offPeak: number; firstRateId: number; firstBandId: number; source: string }): StarterTariff {
  const charges = [
    { group: 'Basic Service Charge', name: 'Basic Service Charge', chargeType: 'FIXED_PRICE' as const, chargePeriod: 'DAILY' as const, amount: v.basic },
    { group: 'Energy Charges', name: 'On-Peak Energy', chargeType: 'CONSUMPTION_BASED' as const, touId: 1, amount: v.onPeak },
    { group: 'Energy Charges', name: 'Summer Off-Peak Energy', chargeType: 'CONSUMPTION_BASED' as const, touId: 2, amount: v.offPeak },
    { group: 'Energy Charges', name: 'Winter Off-Peak Energy', chargeType: 'CONSUMPTION_BASED' as const, touId: 1000001, amount: v.offPeak },
  ];
  return {
    tariffId: v.tariffId, masterTariffId: 1200001, tariffCode: v.code, tariffName: v.name, lseId: 2756, priorTariffId: v.priorTariffId,
    tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: v.effectiveDate, endDate: v.endDate, timeZone: 'America/New_York', lastUpdated: v.lastUpdated,
    properties: [],
    rates: charges.map(({ amount, ...c }, i) => ({ id: v.firstRateId + i, seq: i, ...c, chargeClass: c.chargeType === 'FIXED_PRICE' ? 'DISTRIBUTION' : 'SUPPLY,DISTRIBUTION', bands: [{ id: v.firstBandId + i, amount }] })),
    source: v.source,
  };
}

export const GEORGIA_POWER_TOU_REO: readonly StarterTariff[] = [
  {
    tariffId: 1200002, masterTariffId: 1200001, tariffCode: 'TOU-REO-10', tariffName: 'Time of Use - Residential Energy Only', lseId: 2756, priorTariffId: null,
    tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2016-01-01', endDate: '2025-01-01', timeZone: 'America/New_York', lastUpdated: '2016-01-01',
    properties: [],
    rates: [
      ...TOU_REO_BASE.map((b, i) => ({ id: 1200101 + i, seq: i, group: b.chargeType === 'FIXED_PRICE' ? 'Basic Service Charge' : 'Energy Charges', name: b.name, chargeType: b.chargeType, touId: b.touId, bands: [{ id: 1200201 + i, amount: b.amount }] })),
      ...TOU_REO_RIDERS.flatMap((r, j) =>
        TOU_REO_BASE.map((b, i) => ({ id: 1200111 + j * 10 + i, seq: 10 + j * 10 + i, group: r.group, name: `${b.name} Component`, chargeType: b.chargeType, touId: b.touId, bands: [{ id: 1200211 + j * 10 + i, amount: b.amount, factor: r.factor }] })),
      ),
      { id: 1200150, seq: 999, group: 'Minimum Charge', name: 'Minimum Monthly Bill (basic service charge)', chargeType: 'MINIMUM', bands: [{ id: 1200250, amount: 10 }] },
    ],
    source: 'Georgia Power electric service tariff, schedule TOU-REO-10 (page 2.20, original), effective with bills rendered for the billing month of January 2016: basic service charge $10.00, on-peak 20.3217 cents/kWh, off-peak 4.9409 cents/kWh, minimum monthly bill $10.00 plus the ECCR, NCCR, DSM and franchise fee amounts; rider factors as on R-22 for the same month. The sheets between TOU-REO-10 and TOU-REO-18 were not found, so this version runs until TOU-REO-18 (2025-01-01)',
  },
  touReoVersion({
    tariffId: 1200004, priorTariffId: 1200002, code: 'TOU-REO-18', name: 'Time of Use - Residential Energy Only', effectiveDate: '2025-01-01', endDate: null, lastUpdated: '2025-11-22',
    basic: 0.4603, onPeak: 0.297868, offPeak: 0.076281, firstRateId: 1200501, firstBandId: 1200601,
    source: `${TOU_REO_18_SHEET}: basic service charge $0.4603 per day; on-peak 29.7868 cents/kWh (2-7 p.m. Monday - Friday, June - September, Independence Day and Labor Day off-peak); off-peak 7.6281 cents/kWh (all other hours, weekends and October - May); minimum monthly bill the basic service charge plus the ECCR, DSM and franchise fee amounts (not written: with the riders left out it is the basic service charge, which every bill pays). The Environmental Compliance Cost Recovery and Demand Side Management Residential schedules, fuel cost recovery, the municipal franchise fee and the income qualified discount are not bundled`,
  }),
];
