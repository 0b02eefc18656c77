// Starter incentives (GET /rest/beta/incentives): federal tax credits for home solar, batteries, heat pumps, EVs and
// EV chargers, California's SGIP storage incentive, and SMUD's home charger rebates. Each carries the pages its
// figures were read from and the day they were read (2026-11-27, from stored copies of the pages); what those pages do
// not say is null, never guessed. Ended incentives are kept, with their end date and the law or notice that ended
// them, so that a purchase dated after the end gets none and the answer can say why.
// Dates are local calendar dates, YYYY-MM-DD; endDate is exclusive (the first day the incentive no longer applies),
// as tariff versions' endDate.

/** The law that ended most federal home energy credits early. */
export const OBBBA = 'Public Law 119-21, 139 Stat. 72 (July 4, 2025), the "One Big Beautiful Bill Act"';

export type ProjectType = 'solarPv' | 'storage' | 'heatPump' | 'electricVehicle' | 'evCharger';
export const PROJECT_TYPES: readonly ProjectType[] = ['solarPv', 'storage', 'heatPump', 'electricVehicle', 'evCharger'];
export type IncentiveType = 'taxCredit' | 'rebate';
export const INCENTIVE_TYPES: readonly IncentiveType[] = ['taxCredit', 'rebate'];
export type Jurisdiction = 'FEDERAL' | 'STATE' | 'UTILITY';

export interface StarterSource {
  url: string;
  title: string;
  /** The day the page was read, YYYY-MM-DD. */
  dateRead: string;
}

/**
 * A question a customer answers for an incentive to apply. With choices the answer must be one of their dataValues
 * (requiredValue: the one that qualifies, or a comma list with operator IN); without, it is a number (minValue and
 * maxValue bound it, either may be null), or a quantity the amount is figured on.
 */
export interface StarterApplicability {
  applicabilityKey: string;
  displayName: string;
  description: string;
  requiredValue: string | null;
  operator: '=' | 'IN' | null;
  minValue: number | null;
  maxValue: number | null;
  quantityUnit: string | null;
  choices: { displayValue: string; dataValue: string }[] | null;
}

export interface StarterIncentive {
  incentiveId: number;
  masterIncentiveId: number;
  incentiveName: string;
  incentiveType: IncentiveType;
  projectType: ProjectType;
  customerClass: 'RESIDENTIAL' | 'GENERAL';
  jurisdiction: Jurisdiction;
  /** Two-letter state of a state or utility incentive; null for a federal one. */
  state: string | null;
  lseId: number | null;
  lseName: string | null;
  startDate: string | null;
  endDate: string | null;
  /** Why it ended (the law, notice or page that says so); null while it is open. */
  endReason: string | null;
  /** Whether its funds are spent; null when the sources do not say. */
  isExhausted: boolean | null;
  /** PERCENTAGE: percent of the project's cost (30 = 30 %); COST_PER_UNIT: $ per unit of quantityKey ($ per project when null). */
  rate: number;
  rateUnit: 'PERCENTAGE' | 'COST_PER_UNIT';
  quantityKey: { keyName: string; displayName: string; quantityUnit: string } | null;
  /** The most $ paid per project; null when uncapped. */
  paymentCap: number | null;
  /** The payment may not exceed this percent of the project's cost; null when the sources set no such cap. */
  percentCostCap: number | null;
  incentivePaidTo: 'CUSTOMER' | null;
  summary: string;
  requirements: string;
  applicabilities: StarterApplicability[];
  sources: StarterSource[];
}

const READ = '2026-11-27';
const YES_NO = [
  { displayValue: 'Yes', dataValue: 'true' },
  { displayValue: 'No', dataValue: 'false' },
];
const yes = (applicabilityKey: string, displayName: string, description: string): StarterApplicability => ({
  applicabilityKey,
  displayName,
  description,
  requiredValue: 'true',
  operator: '=',
  minValue: null,
  maxValue: null,
  quantityUnit: null,
  choices: YES_NO,
});

const SYSTEM_OWNERSHIP: StarterApplicability = {
  applicabilityKey: 'systemOwnership',
  displayName: 'System ownership',
  description:
    'How the customer pays for the system. The credit is the owner-taxpayer\'s: a leased system or a power purchase agreement gives the customer none (the lessor claims its own credit, if any).',
  requiredValue: 'PURCHASED',
  operator: '=',
  minValue: null,
  maxValue: null,
  quantityUnit: null,
  choices: [
    { displayValue: 'Purchased (cash or loan)', dataValue: 'PURCHASED' },
    { displayValue: 'Leased', dataValue: 'LEASED' },
    { displayValue: 'Power purchase agreement', dataValue: 'PPA' },
  ],
};

const FS_2025_05: StarterSource = {
  url: 'https://www.currentfederaltaxdevelopments.com/blog/2025/8/21/key-modifications-to-energy-credits-and-deductions-under-the-one-big-beautiful-bill-act',
  title:
    'Key Modifications to Energy Credits and Deductions under the One, Big, Beautiful Bill Act (summarizing IRS FAQs FS-2025-05, Aug. 21, 2025, on Public Law 119-21)',
  dateRead: READ,
};
const CROWE_SECTIONS: StarterSource = {
  url: 'https://www.crowe.com/insights/new-clean-energy-tax-provisions-and-what-laws-are-changing',
  title: 'Crowe: New clean energy tax provisions and what laws are changing (OBBBA section numbers 70505, 70506)',
  dateRead: READ,
};
const IRA_25C_25D: StarterSource = {
  url: 'https://strikeforceac.com/?p=3940',
  title:
    'The Inflation Reduction Act: 25C Residential Energy Efficiency Tax Credit and 25D Residential Clean Energy Tax Credit (30 % uncapped for solar and batteries; heat pumps capped at $2,000 a year)',
  dateRead: READ,
};
const LARSCO: StarterSource = {
  url: 'https://larsco.com/blog/accelerated-sunset-of-energy-related-tax-credits-for-individual-taxpayers?hsLang=en',
  title: 'Accelerated Sunset of Energy-Related Tax Credits for Individual Taxpayers (July 16, 2025): IRA terms of 25C, 25D, 30D',
  dateRead: READ,
};

const FEDERAL = {
  customerClass: 'RESIDENTIAL' as const,
  jurisdiction: 'FEDERAL' as const,
  state: null,
  lseId: null,
  lseName: null,
  isExhausted: false,
  incentivePaidTo: 'CUSTOMER' as const,
  incentiveType: 'taxCredit' as const,
};

const SGIP_SOURCES: StarterSource[] = [
  {
    url: 'https://sites.energycenter.org/sgip/navigating-equity-resiliency-budget',
    title:
      'Center for Sustainable Energy (SGIP Program Administrator): Navigating the Equity Resiliency Budget ($1.00/Wh; eligibility)',
    dateRead: READ,
  },
  {
    url: 'https://sunfusioness.com/high-fire-threat-districts-hftd',
    title:
      'SGIP Equity Resiliency Budget: incentive with other incentives may not exceed eligible project costs; reduced above 4-hour duration',
    dateRead: READ,
  },
];
const SGIP_SUMMARY =
  "California's Self-Generation Incentive Program, Equity Resiliency budget: $1.00 per Wh ($1,000 per kWh) of battery storage for vulnerable residential customers in High Fire-Threat Districts or hit by Public Safety Power Shutoffs, intended to cover about all of the storage system's cost.";
const SGIP_REQUIREMENTS =
  'A customer of an SGIP administrator utility (PG&E, SCE, SoCalGas, or SDG&E through the Center for Sustainable Energy) who has had two or more PSPS events or lives in a Tier 2 or 3 High Fire-Threat District, and also qualifies by one further criterion (low-income deed-restricted or resale-restricted housing, low income in California Indian Country, medical baseline, a serious illness notified to the utility, or low income with an electric well pump). The SGIP incentive with all other incentives may not exceed the eligible project cost; the rate is reduced for systems of more than 4 hours duration. Funds are first come, first served: whether the budget is spent today is not in the sources (isExhausted null), nor the dates the budget opened or closes.';
const SGIP_APPLICABILITIES: StarterApplicability[] = [
  yes(
    'hftdOrPspsEvents',
    'High fire-threat district or 2+ PSPS events',
    'The site is in a Tier 2 or Tier 3 High Fire-Threat District, or has had two or more Public Safety Power Shutoff events',
  ),
  {
    applicabilityKey: 'equityResiliencyCriterion',
    displayName: 'Equity Resiliency criterion',
    description: 'The further criterion the customer meets',
    requiredValue: 'LOW_INCOME_HOUSING,CALIFORNIA_INDIAN_COUNTRY,MEDICAL_BASELINE,SERIOUS_ILLNESS,ELECTRIC_WELL_PUMP',
    operator: 'IN',
    minValue: null,
    maxValue: null,
    quantityUnit: null,
    choices: [
      { displayValue: 'Low-income deed- or resale-restricted housing (SASH, DAC-SASH, MASH, SOMAH)', dataValue: 'LOW_INCOME_HOUSING' },
      { displayValue: 'Low income in California Indian Country', dataValue: 'CALIFORNIA_INDIAN_COUNTRY' },
      { displayValue: 'Enrolled in a medical baseline program', dataValue: 'MEDICAL_BASELINE' },
      { displayValue: 'Serious illness notified to the utility', dataValue: 'SERIOUS_ILLNESS' },
      { displayValue: 'Low income with an electric well pump', dataValue: 'ELECTRIC_WELL_PUMP' },
      { displayValue: 'None of these', dataValue: 'NONE' },
    ],
  },
  {
    applicabilityKey: 'batteryCapacityKwh',
    displayName: 'Battery capacity',
    description: 'Usable energy capacity of the battery (the incentive is paid per Wh)',
    requiredValue: null,
    operator: null,
    minValue: null,
    maxValue: null,
    quantityUnit: 'kWh',
    choices: null,
  },
];
const sgip = (incentiveId: number, lseId: number, lseName: string): StarterIncentive => ({
  incentiveId,
  masterIncentiveId: incentiveId,
  incentiveName: `SGIP Equity Resiliency energy storage incentive (${lseName} customers)`,
  incentiveType: 'rebate',
  projectType: 'storage',
  customerClass: 'RESIDENTIAL',
  jurisdiction: 'STATE',
  state: 'CA',
  lseId,
  lseName,
  startDate: null,
  endDate: null,
  endReason: null,
  isExhausted: null,
  rate: 1000,
  rateUnit: 'COST_PER_UNIT',
  quantityKey: { keyName: 'batteryCapacityKwh', displayName: 'Battery capacity', quantityUnit: 'kWh' },
  paymentCap: null,
  percentCostCap: 100,
  incentivePaidTo: null,
  summary: SGIP_SUMMARY,
  requirements: SGIP_REQUIREMENTS,
  applicabilities: SGIP_APPLICABILITIES,
  sources: SGIP_SOURCES,
});

export const STARTER_INCENTIVES: readonly StarterIncentive[] = [
  {
    ...FEDERAL,
    incentiveId: 1000001,
    masterIncentiveId: 1000001,
    incentiveName: 'Residential Clean Energy Credit (IRC section 25D): solar electric property',
    projectType: 'solarPv',
    startDate: '2022-01-01',
    endDate: '2026-01-01',
    endReason: `Ended by ${OBBBA}, section 70506, which amended IRC section 25D so that the credit is not allowed for any expenditures made after December 31, 2025 (the Inflation Reduction Act had run it at 30 % to 2032). A home solar system bought in 2026 or later gets no 25D credit.`,
    rate: 30,
    rateUnit: 'PERCENTAGE',
    quantityKey: null,
    paymentCap: null,
    percentCostCap: null,
    summary:
      'A federal income tax credit of 30 % of the cost of solar electric property (with its installation) for a home the taxpayer lives in, with no dollar cap; unused credit carries forward.',
    requirements:
      'The taxpayer owns the system (not a lease or PPA) on a dwelling unit in the United States used as a residence by the taxpayer; expenditures made from 2022 through December 31, 2025. The credit is nonrefundable.',
    applicabilities: [SYSTEM_OWNERSHIP],
    sources: [FS_2025_05, CROWE_SECTIONS, IRA_25C_25D, LARSCO],
  },
  {
    ...FEDERAL,
    incentiveId: 1000002,
    masterIncentiveId: 1000002,
    incentiveName: 'Residential Clean Energy Credit (IRC section 25D): battery storage technology',
    projectType: 'storage',
    startDate: '2023-01-01',
    endDate: '2026-01-01',
    endReason: `Ended by ${OBBBA}, section 70506: no section 25D credit for any expenditures made after December 31, 2025.`,
    rate: 30,
    rateUnit: 'PERCENTAGE',
    quantityKey: null,
    paymentCap: null,
    percentCostCap: null,
    summary:
      'A federal income tax credit of 30 % of the cost of qualified battery storage technology of at least 3 kWh at a home the taxpayer lives in, with no dollar cap (batteries qualify from 2023, with or without solar).',
    requirements:
      'The taxpayer owns the battery, of a capacity of not less than 3 kWh, at a dwelling unit in the United States used as a residence; expenditures made from January 1, 2023 through December 31, 2025.',
    applicabilities: [
      SYSTEM_OWNERSHIP,
      {
        applicabilityKey: 'batteryCapacityKwh',
        displayName: 'Battery capacity',
        description: 'Capacity of the battery; at least 3 kWh',
        requiredValue: null,
        operator: null,
        minValue: 3,
        maxValue: null,
        quantityUnit: 'kWh',
        choices: null,
      },
    ],
    sources: [
      FS_2025_05,
      CROWE_SECTIONS,
      IRA_25C_25D,
      LARSCO,
      {
        url: 'https://nenpower.com/blog/what-is-the-capacity-requirement-for-battery-storage-technology-to-qualify',
        title: 'What is the capacity requirement for battery storage technology to qualify (25D: at least 3 kWh, from 2023)',
        dateRead: READ,
      },
    ],
  },
  {
    ...FEDERAL,
    incentiveId: 1000003,
    masterIncentiveId: 1000003,
    incentiveName: 'Energy Efficient Home Improvement Credit (IRC section 25C): heat pumps and heat pump water heaters',
    projectType: 'heatPump',
    startDate: '2023-01-01',
    endDate: '2026-01-01',
    endReason: `Ended by ${OBBBA}, section 70505: no section 25C credit for any property placed in service after December 31, 2025.`,
    rate: 30,
    rateUnit: 'PERCENTAGE',
    quantityKey: null,
    paymentCap: 2000,
    percentCostCap: null,
    summary:
      'A federal income tax credit of 30 % of the cost (with installation) of qualifying heat pumps and heat pump water heaters, at most $2,000 a year for them together; the limit resets each year.',
    requirements:
      "Placed in service from January 1, 2023 through December 31, 2025; the heat pump or heat pump water heater meets the Consortium for Energy Efficiency's highest efficiency tier (not the advanced tier). Nonrefundable; the limit is a year's, and unused credit does not carry forward.",
    applicabilities: [
      yes(
        'meetsCeeHighestTier',
        'Meets the CEE highest tier',
        "The heat pump or heat pump water heater meets the Consortium for Energy Efficiency's highest efficiency tier (not including any advanced tier)",
      ),
    ],
    sources: [
      FS_2025_05,
      CROWE_SECTIONS,
      IRA_25C_25D,
      {
        url: 'https://www.astarheating.com/all-offers/25c-tax-credit',
        title: '25C Tax Credit (CEE highest non-advanced tier; $2,000 annual cap for heat pumps)',
        dateRead: READ,
      },
      {
        url: 'https://350newmexico.org/the-inflation-reduction-act-and-other-federal-incentives/',
        title: 'The Inflation Reduction Act and other federal incentives (25C cannot be carried forward; annual caps)',
        dateRead: READ,
      },
    ],
  },
  {
    ...FEDERAL,
    incentiveId: 1000004,
    masterIncentiveId: 1000004,
    incentiveName: 'Clean Vehicle Credit (IRC section 30D): new clean vehicles',
    projectType: 'electricVehicle',
    startDate: '2023-04-18',
    endDate: '2025-10-01',
    endReason: `Ended by ${OBBBA}: no section 30D credit for any vehicle acquired after September 30, 2025 (a vehicle is acquired when a written binding contract is entered into and a payment made; IRS FS-2025-05).`,
    rate: 7500,
    rateUnit: 'COST_PER_UNIT',
    quantityKey: null,
    paymentCap: 7500,
    percentCostCap: null,
    summary:
      'A federal income tax credit of up to $7,500 per new clean vehicle: $3,750 when the battery meets the critical minerals requirement and $3,750 when it meets the battery components requirement.',
    requirements:
      'A new vehicle (original use with the taxpayer) of a qualified manufacturer, final assembly in North America, battery of at least 7 kWh, under 14,000 pounds; MSRP at most $80,000 for vans, SUVs and pickups and $55,000 for others; modified AGI at most $300,000 (joint), $225,000 (head of household) or $150,000 (others). The amount shown is the most; a vehicle meeting one battery requirement gets $3,750.',
    applicabilities: [
      yes('vehicleQualifies', 'Vehicle on the qualified list', 'The vehicle is on the list of qualifying vehicles (fueleconomy.gov) and meets the MSRP limit'),
      yes('incomeUnderLimit', 'Income under the limit', "The buyer's modified adjusted gross income is under the limit for the filing status"),
    ],
    sources: [
      FS_2025_05,
      LARSCO,
      {
        url: 'http://www.drakesoftware.com/taxing-subjects/irs-clarifies-mineral-battery-component-requirements-for-clean-vehicle-credit/',
        title:
          'IRS Clarifies Mineral, Battery Component Requirements for Clean Vehicle Credit (vehicles placed in service on or after April 18, 2023: $3,750 + $3,750)',
        dateRead: READ,
      },
      {
        url: 'https://www.tgccpa.com/one-big-beautiful-bill-green-energy-credit-deadlines-what-you-need-to-know',
        title: 'One Big Beautiful Bill green energy credit deadlines ($7,500 for vehicles placed in service after April 18, 2023; $3,750 + $3,750)',
        dateRead: READ,
      },
      {
        url: 'https://www.hhmcpas.com/post/energy-and-clean-vehicle-credit-phaseouts-last-chance-planning',
        title: 'Energy and Clean Vehicle Credit Phaseouts: Last-Chance Planning (MSRP and income limits)',
        dateRead: READ,
      },
    ],
  },
  {
    ...FEDERAL,
    incentiveId: 1000005,
    masterIncentiveId: 1000005,
    incentiveName: 'Alternative Fuel Vehicle Refueling Property Credit (IRC section 30C): home EV charger',
    projectType: 'evCharger',
    startDate: '2023-01-01',
    endDate: '2026-07-01',
    endReason: `Ended by ${OBBBA}: no section 30C credit for any property placed in service after June 30, 2026 (IRS FS-2025-05).`,
    rate: 30,
    rateUnit: 'PERCENTAGE',
    quantityKey: null,
    paymentCap: 1000,
    percentCostCap: null,
    summary:
      'A federal income tax credit of 30 % of the cost of EV charging equipment installed at a home, property not subject to depreciation: at most $1,000 per item.',
    requirements:
      'The charger is placed in service in an eligible census tract (a low-income community or non-urban tract; IRS Notice 2024-20, Appendix B) by June 30, 2026.',
    applicabilities: [
      yes(
        'eligibleCensusTract',
        'Eligible census tract',
        'The home is in an eligible census tract (low-income community or non-urban; IRS Notice 2024-20 Appendix B, or the Argonne 30C locator)',
      ),
    ],
    sources: [
      FS_2025_05,
      {
        url: 'https://2aiev.com/pages/incentives',
        title: 'EV Charger Incentives (30C: 30 % up to $1,000, installed from January 1, 2023; eligible census tracts)',
        dateRead: READ,
      },
      {
        url: 'https://civic-source.github.io/us-code-tracker/statute/title-26/chapter-1/section-30c',
        title: '26 U.S.C. section 30C (30 %; $1,000 per item not subject to depreciation; eligible census tracts)',
        dateRead: READ,
      },
    ],
  },
  sgip(1000006, 734, 'Pacific Gas & Electric Co'),
  sgip(1000007, 1000001, 'Southern California Edison Co'),
  sgip(1000008, 1000002, 'San Diego Gas & Electric Co'),
  {
    incentiveId: 1000009,
    masterIncentiveId: 1000009,
    incentiveName: 'SMUD Charge@Home: Level 2 EV charger',
    incentiveType: 'rebate',
    projectType: 'evCharger',
    customerClass: 'RESIDENTIAL',
    jurisdiction: 'UTILITY',
    state: 'CA',
    lseId: 1000003,
    lseName: 'Sacramento Municipal Util Dist',
    startDate: '2021-12-08',
    endDate: null,
    endReason: null,
    isExhausted: null,
    rate: 100,
    rateUnit: 'PERCENTAGE',
    quantityKey: null,
    paymentCap: 250,
    percentCostCap: 100,
    incentivePaidTo: 'CUSTOMER',
    summary:
      "SMUD reimburses up to $250 of the cost of an eligible EV charging unit bought for a SMUD residential service address, never more than the customer paid.",
    requirements:
      "A plug-in electric vehicle registered with the DMV at the SMUD residential service address; the charger bought on or after December 8, 2021; paid to the SMUD customer of record; one per household; first come, first served while funds last. SMUD's earlier terms (English page) reimbursed up to $500 for the charger; the current terms (Spanish page) say up to $250, and the date of the change is not in the sources, so only the current amount is recorded.",
    applicabilities: [
      yes('pevRegisteredAtServiceAddress', 'EV registered at the service address', 'A plug-in electric vehicle is DMV-registered at the SMUD service address'),
    ],
    sources: [
      {
        url: 'https://smud.org/es/Going-Green/Electric-Vehicles/Charge-at-Home-application-page/Charge-at-Home-Terms-and-Conditions',
        title: 'SMUD Charge@Home terms and conditions (current: EV charging unit up to $250; installation up to $500 through the SMUD Contractor Network from May 1, 2023)',
        dateRead: READ,
      },
      {
        url: 'https://www.smud.org/en/Going-Green/Electric-Vehicles/Charge-at-Home-application-page/Charge-at-Home-Terms-and-Conditions',
        title: 'SMUD Charge@Home terms and conditions (earlier: up to $500 for the charger; program effective December 8, 2021)',
        dateRead: READ,
      },
    ],
  },
  {
    incentiveId: 1000010,
    masterIncentiveId: 1000010,
    incentiveName: 'SMUD Charge@Home: EV charger circuit installation',
    incentiveType: 'rebate',
    projectType: 'evCharger',
    customerClass: 'RESIDENTIAL',
    jurisdiction: 'UTILITY',
    state: 'CA',
    lseId: 1000003,
    lseName: 'Sacramento Municipal Util Dist',
    startDate: '2023-05-01',
    endDate: null,
    endReason: null,
    isExhausted: null,
    rate: 100,
    rateUnit: 'PERCENTAGE',
    quantityKey: null,
    paymentCap: 500,
    percentCostCap: 100,
    incentivePaidTo: 'CUSTOMER',
    summary:
      'SMUD reimburses up to $500 of the cost of the electrical circuit serving a home EV charger, installed through the SMUD Contractor Network.',
    requirements:
      'Installed by a contractor of the SMUD Contractor Network from May 1, 2023 (building permit required); a plug-in electric vehicle registered at the service address; never more than the cost paid.',
    applicabilities: [
      yes('smudContractorNetwork', 'Installed through the SMUD Contractor Network', 'The circuit is installed by a contractor of the SMUD Contractor Network'),
      yes('pevRegisteredAtServiceAddress', 'EV registered at the service address', 'A plug-in electric vehicle is DMV-registered at the SMUD service address'),
    ],
    sources: [
      {
        url: 'https://smud.org/es/Going-Green/Electric-Vehicles/Charge-at-Home-application-page/Charge-at-Home-Terms-and-Conditions',
        title: 'SMUD Charge@Home terms and conditions (installation incentive up to $500 through the SMUD Contractor Network from May 1, 2023)',
        dateRead: READ,
      },
    ],
  },
];
