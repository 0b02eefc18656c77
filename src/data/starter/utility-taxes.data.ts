// City utility users' taxes: a percentage of the utility charges on the bill (rates as fractions: 0.075 = 7.5%).
// The dates they took effect are not bundled (null = in effect, start unknown).

export interface StarterUtilityTax {
  utilityTaxId: number;
  rateName: string;
  territoryId: number;
  rateAmountElectricity: number;
  rateAmountGas: number;
  customerClasses: ('RESIDENTIAL' | 'GENERAL' | 'SPECIAL_USE')[];
  fromDate: string | null;
  toDate: string | null;
  source: string;
}

export const STARTER_UTILITY_TAXES: readonly StarterUtilityTax[] = [
  { utilityTaxId: 1000001, rateName: 'Oakland Utility Consumption Tax', territoryId: 1000201, rateAmountElectricity: 0.075, rateAmountGas: 0.075, customerClasses: ['RESIDENTIAL', 'GENERAL'], fromDate: null, toDate: null, source: 'Oakland Municipal Code chapter 4.20 (7.5%)' },
  { utilityTaxId: 1000002, rateName: 'San Jose Utility Tax', territoryId: 1000202, rateAmountElectricity: 0.05, rateAmountGas: 0.05, customerClasses: ['RESIDENTIAL', 'GENERAL'], fromDate: null, toDate: null, source: 'San José Municipal Code chapter 4.70 (5%)' },
  { utilityTaxId: 1000003, rateName: 'San Francisco Utility Users Tax', territoryId: 1000203, rateAmountElectricity: 0.075, rateAmountGas: 0.075, customerClasses: ['GENERAL'], fromDate: null, toDate: null, source: 'San Francisco Business and Tax Regulations Code article 10 (7.5%, non-residential users)' },
  { utilityTaxId: 1000004, rateName: 'Berkeley Utility Users Tax', territoryId: 1000204, rateAmountElectricity: 0.075, rateAmountGas: 0.075, customerClasses: ['RESIDENTIAL', 'GENERAL'], fromDate: null, toDate: null, source: 'Berkeley Municipal Code chapter 7.40 (7.5%)' },
];
