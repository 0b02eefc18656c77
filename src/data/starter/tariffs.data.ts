// Starter tariffs. Georgia Power's residential tariff R-22 (master tariff 512) is the version the original API
// returned for tariffs/512 on 2016-01-01 (recorded in its client libraries' tests), with the original's ids.
// Its fuel cost recovery and municipal franchise fee amounts come from lookups whose values are not bundled.
// Issue 5's other starter tariffs (PG&E E-1 with baseline territories, E-TOU-C, SCE TOU-D-4-9PM, ...) need
// published rate figures and are not bundled yet.

export interface StarterBand {
  id: number;
  amount: number;
  /** Consumption upper limit of a tier (kWh per billing period). */
  upTo?: number;
  factor?: number;
  applicabilityValue?: string;
  isCredit?: boolean;
  unit?: 'PERCENTAGE' | 'BLOCK' | 'BLOCK_SELL_BACK';
}

export interface StarterRate {
  id: number;
  seq: number;
  group: string;
  name: string;
  chargeType: string;
  seasonId?: number;
  applicabilityKey?: string;
  variableRateKey?: string;
  bands: StarterBand[];
}

export interface StarterTariff {
  tariffId: number;
  masterTariffId: number;
  tariffCode: string;
  tariffName: string;
  lseId: number;
  priorTariffId: number | null;
  tariffType: string;
  customerClass: string;
  customerCount: number | null;
  effectiveDate: string;
  endDate: string | null;
  timeZone: string;
  chargeTypes: string;
  hasTieredRates: boolean;
  hasRateApplicability: boolean;
  /** Local start of every rate of the version. */
  ratesFrom: string;
  properties: { keyName: string; propertyTypes: string; operator: string; propertyValue: string | null; isDefault: boolean }[];
  rates: StarterRate[];
  source: string;
}

export const STARTER_TARIFFS: readonly StarterTariff[] = [
  {
    tariffId: 3244437, masterTariffId: 512, tariffCode: 'R-22', tariffName: 'Residential', lseId: 2756, priorTariffId: 3228032,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: 2028231, effectiveDate: '2016-01-01', endDate: null,
    timeZone: 'America/New_York', chargeTypes: 'FIXED_PRICE,CONSUMPTION_BASED,QUANTITY,MINIMUM', hasTieredRates: true, hasRateApplicability: true,
    ratesFrom: '2016-01-01T00:00:00',
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
];
