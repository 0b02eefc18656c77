// Starter tariffs read from OpenEI U.S. Utility Rate Database (URDB) records stored in public GitHub repositories:
// Con Edison SC-1 (NYC), Duke Energy Carolinas RS, ComEd BES residential, APS R-TOU-E, SDG&E DR (by climate zone; its
// 2026-06-01 version from SDG&E's total rates table) and
// SMUD R (residential; its 2026 Fixed Rate version from SMUD's rates page), and SCE GS-2 TOU Option B (commercial, with
// time-of-use demand charges; closed, replaced by TOU-GS-2 Option D in california.data.ts). Each tariff's `source` names the URDB record
// (label, name, effective date) and the repository file it was read from. Every energy price is the record's
// rate + adjustment ($/kWh) for the period and tier; fixed, minimum and demand charges are the record's figures.
// Schedules are the record's 12 x 24 weekday/weekend period matrices (months with the same rows form a season);
// holidays are not modelled by URDB schedules and are not bundled here. Figures a record does not carry (taxes,
// riders outside its adjustments, attributes given only as text) are left out.
import type { StarterSeason, StarterTouGroup } from '../time.data.ts';
import { urdbEndDate } from '../../../importers/urdb/urdb-dates.ts';
import { SDGE_CLIMATE_ZONES, SDGE_ZONE_SOURCE, areaRates, at130Percent, idsFrom, type SeasonPick } from './baseline-areas.ts';
import type { StarterTariff, StarterTariffSet } from './starter-tariff.ts';

/** Rounds to the 5 decimals SDG&E's tables print. */
const fiveDecimals = (x: number) => Math.round(x * 1e5) / 1e5;

/**
 * A version of SDG&E DR from one of its Total Rates Tables, as corruptbear/my_sdge's extract_sdge_schedules.py
 * transcribed it: the table's Tier 2 total (`flat`) and Tier 2 - Tier 1 (`credit`), the same in summer and winter, so
 * Tier 1 = Tier 2 - credit; tier 1 ends at 130 % of each climate zone's baseline allowance, as in the 2024 record.
 */
function drTable(v: { tariffId: number; priorTariffId: number; effectiveDate: string; endDate: string | null; tier2: number; credit: number; file: string; commit: string; firstRateId: number; firstBandId: number }): StarterTariff {
  const tier1 = fiveDecimals(v.tier2 - v.credit);
  const [y, m, d] = v.effectiveDate.split('-').map(Number);
  const table = `${m}-${d}-${String(y).slice(2)} Schedule DR Total Rates Table`;
  return {
    tariffId: v.tariffId, masterTariffId: 1400500, tariffCode: 'DR', tariffName: 'DR - Residential Service', lseId: 1000002, priorTariffId: v.priorTariffId,
    tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: v.effectiveDate, endDate: v.endDate, timeZone: 'America/Los_Angeles', lastUpdated: v.effectiveDate,
    properties: [],
    rates: [
      { id: v.firstRateId, seq: 0, group: 'Base Services Charge', name: 'Base Services Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: v.firstBandId, amount: 0.79343 }] },
      ...areaRates({
        areas: SDGE_CLIMATE_ZONES, seasons: SDGE_SEASONS, rateId: idsFrom(v.firstRateId + 1), bandId: idsFrom(v.firstBandId + 1), firstSeq: 1,
        rate: (area, season) => ({ group: 'Energy Charges', name: `${season.name} Energy, ${area.code} climate zone`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE' }),
        bands: (allowance) => [{ amount: tier1, upTo: at130Percent(allowance) }, { amount: v.tier2 }],
      }),
    ],
    source: `SDG&E ${table} (effective ${v.effectiveDate}; https://www.sdge.com/sites/default/files/regulatory/${encodeURIComponent(table)}.pdf, SDG&E's address by the pattern of its TOU-DR1 tables), as transcribed by corruptbear/my_sdge's rates/extract_sdge_schedules.py into ${v.file} (commit ${v.commit}; the repository states no licence; it keeps the 1-1-26 and 6-1-26 PDFs beside the transcriptions): DR flat (the Tier 2 total) $${v.tier2}/kWh and credit (Tier 2 - Tier 1) $${v.credit}/kWh in summer (June - October) and winter (November - May), daily service fee (Base Services Charge, non-CARE) $0.79343/day; so Tier 1 $${tier1}/kWh up to 130 % of the baseline allowance (as in the 2024 record, and as my_sdge's sdge_hourly.py applies the baseline credit, get_allowance_deduction, commit 34657cedd122dc503f89b2dd25a2ae5fe3f82af8), Tier 2 $${v.tier2}/kWh above; no minimum charge. The same files' TOU-DR1 figures of 6-1-26 are the totals of the TOU-DR1 version of that date (six prices, credit 0.10663, Base Services Charge 0.79343), a check on the transcription. Climate zone allowances: ${SDGE_ZONE_SOURCE}. An address in San Diego County is placed by its CEC climate zone (the zones' territories say how); elsewhere give territoryId, or the Coastal zone (the first) is assumed. CARE/FERA discounts, the income-graduated Base Services Charge tiers and electric-only allowances are not included.`,
  };
}

/** SDG&E's two seasons (summer June - October, winter November - May): DR, and TOU-DR1 from 2026-06-01 (california.data.ts). */
export const SDGE_SEASONS: readonly SeasonPick[] = [
  { seasonId: 1400005, name: 'Summer', allowance: 'summer' },
  { seasonId: 1400006, name: 'Winter', allowance: 'winter' },
];

const SEASONS: readonly StarterSeason[] = [
  { seasonId: 1400001, lseId: 1000004, seasonGroupId: 1400001, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'Con Edison SC-1 as scheduled in OpenEI URDB record 67b4e33e7abe0c080a0b1171: period 1 (tiered) in June - September' },
  { seasonId: 1400002, lseId: 1000004, seasonGroupId: 1400001, seasonName: 'Winter', from: [10, 1], to: [5, 31], source: 'Con Edison SC-1 as scheduled in OpenEI URDB record 67b4e33e7abe0c080a0b1171: period 0 in October - May' },
  { seasonId: 1400003, lseId: 1000006, seasonGroupId: 1400002, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'ComEd BES residential as scheduled in OpenEI URDB record 679c05efaddfd4b96500e1d4: period 0 in June - September' },
  { seasonId: 1400004, lseId: 1000006, seasonGroupId: 1400002, seasonName: 'Non-Summer', from: [10, 1], to: [5, 31], source: 'ComEd BES residential as scheduled in OpenEI URDB record 679c05efaddfd4b96500e1d4: period 1 in October - May' },
  { seasonId: 1400005, lseId: 1000002, seasonGroupId: 1400003, seasonName: 'Summer', from: [6, 1], to: [10, 31], source: 'SDG&E DR as scheduled in OpenEI URDB record 6772eaee739c802b3b0a6f3d: period 0 in June - October' },
  { seasonId: 1400006, lseId: 1000002, seasonGroupId: 1400003, seasonName: 'Winter', from: [11, 1], to: [5, 31], source: 'SDG&E DR as scheduled in OpenEI URDB record 6772eaee739c802b3b0a6f3d: period 1 in November - May' },
  { seasonId: 1400007, lseId: 1000003, seasonGroupId: 1400004, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'SMUD Residential Service R as scheduled in OpenEI URDB record 62c852e709e7863b6f399106: period 1 in June - September' },
  { seasonId: 1400008, lseId: 1000003, seasonGroupId: 1400004, seasonName: 'Non-Summer', from: [10, 1], to: [5, 31], source: 'SMUD Residential Service R as scheduled in OpenEI URDB record 62c852e709e7863b6f399106: period 0 in October - May' },
];

// SCE GS-2 TOU B uses SCE's existing seasons 1000001 (summer June 1 - September 30) and 1000002 (winter October 1 -
// May 31) of time.data.ts, which match the record's schedule (periods 2-4 in June - September, 0-1 otherwise).
const TOU_GROUPS: readonly StarterTouGroup[] = [
  {
    lseId: 1000001, touGroupId: 1400001,
    source: 'SCE GS-2 TOU Option B as scheduled in OpenEI URDB record 55fc81d7682bea28da64f9ae (energy and demand schedules): summer (June - September) weekdays on-peak noon - 6 p.m., mid-peak 8 a.m. - noon and 6 - 11 p.m., off-peak all other hours and weekends; winter (October - May) weekdays mid-peak 8 a.m. - 9 p.m., off-peak all other hours and weekends. URDB schedules do not carry holidays; none are bundled here.',
    tous: [
      { touId: 1400011, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 1000001, calendarId: null, periods: [{ touPeriodId: 1400021, fromDayOfWeek: 0, fromHour: 12, fromMinute: 0, toDayOfWeek: 4, toHour: 18, toMinute: 0 }] },
      {
        touId: 1400012, touName: 'Summer Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1000001, calendarId: null,
        periods: [
          { touPeriodId: 1400022, fromDayOfWeek: 0, fromHour: 8, fromMinute: 0, toDayOfWeek: 4, toHour: 12, toMinute: 0 },
          { touPeriodId: 1400023, fromDayOfWeek: 0, fromHour: 18, fromMinute: 0, toDayOfWeek: 4, toHour: 23, toMinute: 0 },
        ],
      },
      {
        touId: 1400013, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1000001, calendarId: null,
        periods: [
          { touPeriodId: 1400024, fromDayOfWeek: 0, fromHour: 23, fromMinute: 0, toDayOfWeek: 4, toHour: 8, toMinute: 0 },
          { touPeriodId: 1400025, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
        ],
      },
      { touId: 1400014, touName: 'Winter Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1000002, calendarId: null, periods: [{ touPeriodId: 1400026, fromDayOfWeek: 0, fromHour: 8, fromMinute: 0, toDayOfWeek: 4, toHour: 21, toMinute: 0 }] },
      {
        touId: 1400015, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 1000002, calendarId: null,
        periods: [
          { touPeriodId: 1400027, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 8, toMinute: 0 },
          { touPeriodId: 1400028, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
        ],
      },
    ],
  },
];

const CBETZ_HA = 'cbetz/ratebook-homeassistant';
const HA_TARIFFS = 'custom_components/ratebook/vendor/ratebook_ha/tariffs';
const CBETZ_DATA = 'cbetz/ratebook/packages/ratebook-data/dataset/tariffs';
const URDB = 'https://openei.org/apps/USURDB/rate/view';

const TARIFFS: readonly StarterTariff[] = [
  {
    tariffId: 1400101, masterTariffId: 1400100, tariffCode: 'SC-1', tariffName: 'SC-1 - Residential & Religious Service - Zone J [NYC]', lseId: 1000004, priorTariffId: null,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2025-02-01', endDate: '2026-02-01', timeZone: 'America/New_York', lastUpdated: '2025-02-18',
    properties: [],
    rates: [
      { id: 1400111, seq: 0, group: 'Fixed Charges', name: 'Fixed Monthly Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400151, amount: 20 }] },
      // URDB period 1: rate 0.28956 + adj 0.07884 up to 250 kWh/month, rate 0.31367 + adj 0.07884 above.
      { id: 1400112, seq: 1, group: 'Energy Charges', name: 'Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400001, bands: [{ id: 1400152, amount: 0.3684, upTo: 250 }, { id: 1400153, amount: 0.39251 }] },
      // URDB period 0: rate 0.28956 + adj 0.07884, one tier.
      { id: 1400113, seq: 2, group: 'Energy Charges', name: 'Winter Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400002, bands: [{ id: 1400154, amount: 0.3684 }] },
    ],
    source: `OpenEI URDB record 67b4e33e7abe0c080a0b1171 (${URDB}/67b4e33e7abe0c080a0b1171; Consolidated Edison Co-NY Inc, "SC-1 - Residential & Religious Service - Zone J [NYC]", effective 2025-02-01, URDB update 2025-02-18), via ${CBETZ_HA}/${HA_TARIFFS}/coned-sc-1-residential-nyc.json (commit 6d0fd4e1d742a02f2ac77b5ec35976b45054cedf, a normalized copy of the record): energy rate + adjustment 0.28956 + 0.07884 $/kWh (October - May, and June - September up to 250 kWh/month), 0.31367 + 0.07884 $/kWh above 250 kWh in June - September; fixed monthly charge $20. Taxes and the separately billed riders are not in the record.`,
  },
  {
    tariffId: 1400102, masterTariffId: 1400100, tariffCode: 'SC-1', tariffName: 'SC-1 - Residential & Religious Service - Zone J [NYC]', lseId: 1000004, priorTariffId: 1400101,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-02-01', endDate: null, timeZone: 'America/New_York', lastUpdated: '2026-07-01',
    properties: [],
    rates: [
      { id: 1400114, seq: 0, group: 'Fixed Charges', name: 'Fixed Monthly Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400155, amount: 21 }] },
      // Period 1 (June - September): rate 0.16402 + adj 0.155111 up to 250 kWh/month, rate 0.18858 + adj 0.155111 above.
      { id: 1400115, seq: 1, group: 'Energy Charges', name: 'Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400001, bands: [{ id: 1400156, amount: 0.319131, upTo: 250 }, { id: 1400157, amount: 0.343691 }] },
      // Period 0 (October - May): rate 0.16402 + adj 0.155111, one tier.
      { id: 1400116, seq: 2, group: 'Energy Charges', name: 'Winter Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400002, bands: [{ id: 1400158, amount: 0.319131 }] },
    ],
    source: `Con Edison Schedule for Electricity Service P.S.C. No. 10, SC-1 Rate I (Zone J, New York City), effective 2026-02-01 (the electric tariff, https://www.coned.com/-/media/files/coned/documents/rates/electric/psc-10/electric-tariff.pdf, with the Monthly Adjustment Clause and Market Supply Charge statements of July 2026 and the NY DPS rate case summary of January 2026 as verification documents), as transcribed in ${CBETZ_DATA}/coned-sc-1-residential-nyc.json (commit d6acd29dafadcb51d5786ee7b6aa350dd2646780, data licensed CC0-1.0; structure of OpenEI URDB record 67b4e33e7abe0c080a0b1171; "re-verified against the utility's current rate sheet 2026-07-01"; identical in ${CBETZ_HA} commit b8d5adc3d94620898204e81756b2bebb3520dafe, Apache-2.0): energy rate + adjustment 0.16402 + 0.155111 $/kWh (October - May, and June - September up to 250 kWh/month), 0.18858 + 0.155111 $/kWh above 250 kWh in June - September; fixed monthly charge $21. The adjustment (supply and delivery adjustments) is as verified on 2026-07-01; Con Edison changes its supply charge monthly, and later months are not bundled. Taxes and the separately billed riders are not included.`,
  },
  {
    tariffId: 1400201, masterTariffId: 1400200, tariffCode: 'RS', tariffName: 'RS (Residential Service)', lseId: 1000005, priorTariffId: null,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-01-01', endDate: null, timeZone: 'America/New_York', lastUpdated: '2026-02-20',
    properties: [],
    rates: [
      { id: 1400211, seq: 0, group: 'Fixed Charges', name: 'Fixed Monthly Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400251, amount: 14 }] },
      // URDB period 0 (all months, all hours): rate 0.122604 + adj 0.004951.
      { id: 1400212, seq: 1, group: 'Energy Charges', name: 'Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', bands: [{ id: 1400252, amount: 0.127555 }] },
    ],
    source: `OpenEI URDB record 6998c205a746c90e550cb23f (${URDB}/6998c205a746c90e550cb23f; Duke Energy Carolinas, LLC, "RS (Residential Service)", effective 2026-01-01, URDB update 2026-02-20), via ${CBETZ_HA}/${HA_TARIFFS}/duke-carolinas-rs.json (commit 6d0fd4e1d742a02f2ac77b5ec35976b45054cedf, a normalized copy of the record): energy rate + adjustment 0.122604 + 0.004951 $/kWh, one period all year; fixed monthly charge $14.`,
  },
  {
    tariffId: 1400301, masterTariffId: 1400300, tariffCode: 'BES', tariffName: 'BES - Residential Single Family Without Electric Space Heat Delivery Class', lseId: 1000006, priorTariffId: null,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2025-01-01', endDate: null, timeZone: 'America/Chicago', lastUpdated: '2025-02-03',
    properties: [],
    rates: [
      { id: 1400311, seq: 0, group: 'Fixed Charges', name: 'Fixed Monthly Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400351, amount: 19.52 }] },
      // URDB period 0 (June - September): rate 0.11632 + adj 0.01296.
      { id: 1400312, seq: 1, group: 'Energy Charges', name: 'Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400003, bands: [{ id: 1400352, amount: 0.12928 }] },
      // URDB period 1 (October - May): rate 0.11195 + adj 0.01296.
      { id: 1400313, seq: 2, group: 'Energy Charges', name: 'Non-Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400004, bands: [{ id: 1400353, amount: 0.12491 }] },
    ],
    source: `OpenEI URDB record 679c05efaddfd4b96500e1d4 (${URDB}/679c05efaddfd4b96500e1d4; Commonwealth Edison Co, "BES - Residential Single Family Without Electric Space Heat Delivery Class", effective 2025-01-01, URDB update 2025-02-03), via ${CBETZ_DATA}/comed-bes-residential-single-family.json (commit e3781c1877ffe4927b90b1eef1e7dd584f7d7309, a normalized copy of the record): energy rate + adjustment 0.11632 + 0.01296 $/kWh in June - September, 0.11195 + 0.01296 $/kWh in October - May; fixed monthly charge $19.52.`,
  },
  {
    tariffId: 1400401, masterTariffId: 1400400, tariffCode: 'R-TOU-E', tariffName: 'Time-of-Use 4pm-7pm Weekdays (R-TOU-E)', lseId: 1000008, priorTariffId: null,
    tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-02-01', endDate: null, timeZone: 'America/Phoenix', lastUpdated: '2026-03-03',
    properties: [],
    rates: [
      { id: 1400411, seq: 0, group: 'Fixed Charges', name: 'Basic Service Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: 1400451, amount: 0.458 }] },
      // TOU group 1000001 of time.data.ts matches the record's schedule exactly (periods 0/1 in May - October, 2/3/4 otherwise).
      { id: 1400412, seq: 1, group: 'Energy Charges', name: 'Summer On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1000012, bands: [{ id: 1400452, amount: 0.373791 }] }, // period 1: 0.34396 + 0.029831
      { id: 1400413, seq: 2, group: 'Energy Charges', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1000013, bands: [{ id: 1400453, amount: 0.153281 }] }, // period 0: 0.12345 + 0.029831
      { id: 1400414, seq: 3, group: 'Energy Charges', name: 'Winter On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1000014, bands: [{ id: 1400454, amount: 0.355261 }] }, // period 4: 0.32543 + 0.029831
      { id: 1400415, seq: 4, group: 'Energy Charges', name: 'Winter Super Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1000015, bands: [{ id: 1400455, amount: 0.064781 }] }, // period 3: 0.03495 + 0.029831
      { id: 1400416, seq: 5, group: 'Energy Charges', name: 'Winter Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1000016, bands: [{ id: 1400456, amount: 0.153341 }] }, // period 2: 0.12351 + 0.029831
    ],
    source: `OpenEI URDB record 69a706ab7da20ea6b00d0238 (${URDB}/69a706ab7da20ea6b00d0238; Arizona Public Service Co, "Time-of-Use 4pm-7pm Weekdays (R-TOU-E)", effective 2026-02-01, URDB update 2026-03-03), via ${CBETZ_HA}/${HA_TARIFFS}/aps-r-tou-e.json (commit 6d0fd4e1d742a02f2ac77b5ec35976b45054cedf, a normalized copy of the record): energy rate + adjustment per period (adjustment 0.029831 $/kWh on every period); summer (May - October) on-peak weekdays 4-7 p.m., winter (November - April) weekday on-peak 4-7 p.m. and super off-peak 10 a.m. - 3 p.m.; fixed charge $0.458/day. APS holidays are not in the record.`,
  },
  {
    tariffId: 1400501, masterTariffId: 1400500, tariffCode: 'DR', tariffName: 'DR - Residential Service', lseId: 1000002, priorTariffId: null,
    tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2024-09-30', endDate: '2025-10-01', timeZone: 'America/Los_Angeles', lastUpdated: '2024-12-30',
    properties: [],
    rates: [
      // URDB period 0 (June - October): 0.40685 $/kWh up to 11.7 kWh/day, 0.51228 above; period 1 (November - May): up to
      // 11.96 kWh/day (adjustments 0). Those limits are 130 % of the Coastal allowances (1.3 x 9.0, 1.3 x 9.2); each
      // climate zone's tier 1 ends at 130 % of its own allowance.
      ...areaRates({
        areas: SDGE_CLIMATE_ZONES, seasons: SDGE_SEASONS, rateId: idsFrom(1400514), bandId: idsFrom(1400556), firstSeq: 0,
        kept: { 'Coastal/1400005': { rateId: 1400511, bandIds: [1400551, 1400552] }, 'Coastal/1400006': { rateId: 1400512, bandIds: [1400553, 1400554] } },
        rate: (area, season) => ({ group: 'Energy Charges', name: `${season.name} Energy, ${area.code} climate zone`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY' }),
        bands: (allowance) => [{ amount: 0.40685, upTo: at130Percent(allowance) }, { amount: 0.51228 }],
      }),
      { id: 1400513, seq: 999, group: 'Minimum Charge', name: 'Minimum Charge', chargeType: 'MINIMUM', chargePeriod: 'DAILY', bands: [{ id: 1400555, amount: 0.392 }] },
    ],
    source: `OpenEI URDB record 6772eaee739c802b3b0a6f3d (${URDB}/6772eaee739c802b3b0a6f3d; San Diego Gas & Electric Co, "DR - Coastal Baseline Region", effective 2024-09-30, URDB update 2024-12-30), via ${CBETZ_DATA}/sdge-dr.json (commit e3781c1877ffe4927b90b1eef1e7dd584f7d7309, a normalized copy of the record): tier 1 0.40685 $/kWh up to 11.7 kWh/day (June - October) and 11.96 kWh/day (November - May), tier 2 0.51228 $/kWh; minimum charge $0.392/day; no fixed charge. The record is the Coastal zone's; its tier 1 limits are 130 % of the Coastal baseline allowance (11.7 = 1.3 x 9.0, 11.96 = 1.3 x 9.2), and the other climate zones' tier 1 ends at 130 % of theirs (Inland 13.52 / 12.48, Mountain 17.68 / 16.77, Desert 20.67 / 14.17 kWh/day summer / winter). Climate zone allowances: ${SDGE_ZONE_SOURCE}. SDG&E defines the zones on a map (no ZIP code list was found): an address in San Diego County is placed by its CEC climate zone (the zones' territories say how); elsewhere give territoryId, or the Coastal zone (the first) is assumed. SDG&E's default residential schedule is TOU-DR1; DR is the tiered alternative. Later figures: corruptbear/my_sdge also transcribes SDG&E's DR tables of 2025-02-01 and 2025-06-01, but without the minimum charge of those months (its 2025-06-01 file gives a service fee of 0), so they are not loaded and this version runs until the table of 2025-10-01, which replaced the minimum charge with a Base Services Charge.`,
  },
  drTable({ tariffId: 1400503, priorTariffId: 1400501, effectiveDate: '2025-10-01', endDate: '2026-01-01', tier2: 0.47087, credit: 0.0969, file: 'rates/historical_rates/sdge_rates_20251001.yaml', commit: 'ddfbdf0e1e5624619b32d88f3042635848f25a1f', firstRateId: 1401201, firstBandId: 1401301 }),
  drTable({ tariffId: 1400504, priorTariffId: 1400503, effectiveDate: '2026-01-01', endDate: '2026-04-01', tier2: 0.52988, credit: 0.10904, file: 'rates/historical_rates/sdge_rates_20260101.yaml', commit: '709652368d1dd4e7df513efe62d908283886255a', firstRateId: 1401401, firstBandId: 1401501 }),
  drTable({ tariffId: 1400505, priorTariffId: 1400504, effectiveDate: '2026-04-01', endDate: '2026-06-01', tier2: 0.52926, credit: 0.10892, file: 'rates/historical_rates/sdge_rates_20260401.yaml', commit: 'ddfbdf0e1e5624619b32d88f3042635848f25a1f', firstRateId: 1401601, firstBandId: 1401701 }),
  drTable({ tariffId: 1400502, priorTariffId: 1400505, effectiveDate: '2026-06-01', endDate: null, tier2: 0.51813, credit: 0.10663, file: 'rates/sdge_rates_20260601.yaml', commit: '709652368d1dd4e7df513efe62d908283886255a', firstRateId: 1401001, firstBandId: 1401101 }),
  {
    tariffId: 1400601, masterTariffId: 1400600, tariffCode: 'R', tariffName: 'Residential Service R', lseId: 1000003, priorTariffId: null,
    tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2022-03-01', endDate: '2026-01-01', timeZone: 'America/Los_Angeles', lastUpdated: '2024-06-07',
    properties: [],
    rates: [
      { id: 1400611, seq: 0, group: 'Fixed Charges', name: 'Fixed Monthly Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400651, amount: 23.05 }] },
      { id: 1400612, seq: 1, group: 'Energy Charges', name: 'Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400007, bands: [{ id: 1400652, amount: 0.187 }] }, // period 1
      { id: 1400613, seq: 2, group: 'Energy Charges', name: 'Non-Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400008, bands: [{ id: 1400653, amount: 0.117 }] }, // period 0
    ],
    source: `OpenEI URDB record 62c852e709e7863b6f399106 (${URDB}/62c852e709e7863b6f399106; Sacramento Municipal Utility District, "Residential Service R", effective 2022-03-01, end date 2023-08-21, URDB update 2024-06-07), via ${CBETZ_DATA}/smud-residential-r.json (commit e3781c1877ffe4927b90b1eef1e7dd584f7d7309, a normalized copy of the record): 0.187 $/kWh June - September, 0.117 $/kWh October - May (adjustments 0); fixed monthly charge $23.05. The record's sell rate 0.074 $/kWh is not modelled. SMUD's default residential rate is Time-of-Day (R-TOD). The record ends on 2023-08-21 (its last day), but the figures that followed it were not found before those of 2026-01-01 (the next version), so this version stays in effect until then.`,
  },
  {
    tariffId: 1400602, masterTariffId: 1400600, tariffCode: 'R', tariffName: 'Residential Service R (Fixed Rate)', lseId: 1000003, priorTariffId: 1400601,
    tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-01-01', endDate: null, timeZone: 'America/Los_Angeles', lastUpdated: '2026-09-24',
    properties: [],
    rates: [
      { id: 1400621, seq: 0, group: 'Fixed Charges', name: 'System Infrastructure Fixed Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400661, amount: 27 }] },
      { id: 1400622, seq: 1, group: 'Energy Charges', name: 'Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400007, bands: [{ id: 1400662, amount: 0.2189 }] },
      { id: 1400623, seq: 2, group: 'Energy Charges', name: 'Non-Summer Energy', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', seasonId: 1400008, bands: [{ id: 1400663, amount: 0.1371 }] },
    ],
    source: 'SMUD Residential rates page (https://www.smud.org/Rate-Information/Residential-rates, read 2026-09-24) as recorded in a public GitHub fact register (facts.ts, smudRates, checked 2026-09-24): the Fixed Rate, SMUD\'s non-time-of-day residential option (SMUD says it costs on average 4 % more than Time-of-Day), $0.2189/kWh in summer (June 1 - September 30) and $0.1371/kWh in non-summer (October 1 - May 31); System Infrastructure Fixed Charge $27.00/month, with medium confidence: it is the figure the page gives for residential customers other than Time-of-Day (Low Use) ($17.00), so that the Fixed Rate pays $27.00 is read from the page, not from a Fixed Rate sheet. Effective date: SMUD\'s last rate change before the reading, 2026-01-01 (a 3 % increase; the R-TOD rate sheet\'s columns are dated May 1, 2025 and January 1, 2026); the next, another 3 %, is approved for 2027-01-01 and not yet in effect. It is taken as the successor of the URDB record\'s Residential Service R (seasonal flat prices, no time-of-day periods); SMUD\'s rate code for the Fixed Rate was not found. Holidays, the state surcharge and export credits are not included.',
  },
  {
    tariffId: 1400701, masterTariffId: 1400700, tariffCode: 'GS-2 TOU B', tariffName: 'Time of Use, General Service, Demand Metered, Option B: GS-2 TOU B, Single Phase (Primary)', lseId: 1000001, priorTariffId: null,
    tariffType: 'ALTERNATIVE', customerClass: 'GENERAL', customerCount: null, effectiveDate: '2015-06-01', endDate: urdbEndDate(1451520000) /* URDB enddate 2015-12-31, its last day */, closedDate: urdbEndDate(1451520000)!, timeZone: 'America/Los_Angeles', lastUpdated: '2015-06-01',
    properties: [],
    rates: [
      { id: 1400711, seq: 0, group: 'Fixed Charges', name: 'Fixed Monthly Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400751, amount: 259.2 }] },
      // energyratestructure (no adjustments): period 4 0.1355, 3 0.08888, 2 0.066, 1 0.09368, 0 0.0712 $/kWh.
      { id: 1400712, seq: 1, group: 'Energy Charges', name: 'Summer On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1400011, bands: [{ id: 1400752, amount: 0.1355 }] },
      { id: 1400713, seq: 2, group: 'Energy Charges', name: 'Summer Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1400012, bands: [{ id: 1400753, amount: 0.08888 }] },
      { id: 1400714, seq: 3, group: 'Energy Charges', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1400013, bands: [{ id: 1400754, amount: 0.066 }] },
      { id: 1400715, seq: 4, group: 'Energy Charges', name: 'Winter Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1400014, bands: [{ id: 1400755, amount: 0.09368 }] },
      { id: 1400716, seq: 5, group: 'Energy Charges', name: 'Winter Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION,SUPPLY', touId: 1400015, bands: [{ id: 1400756, amount: 0.0712 }] },
      // flatdemandstructure 13.2 $/kW, flatdemandmonths all period 0: the month's maximum demand all year (delivery based).
      { id: 1400717, seq: 6, group: 'Demand Charges', name: 'Monthly Demand Charge (delivery based)', chargeType: 'DEMAND_BASED', chargeClass: 'DISTRIBUTION', bands: [{ id: 1400757, amount: 13.2 }] },
      // demandratestructure: period 2 18.11 $/kW (summer weekdays noon - 6 p.m.), period 1 5.3 $/kW (summer weekdays
      // 8 a.m. - noon and 6 - 11 p.m.), period 0 0 $/kW (all other hours: no charge, not written).
      { id: 1400718, seq: 7, group: 'Demand Charges', name: 'Time of Day Demand - Summer On-Peak', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY', touId: 1400011, bands: [{ id: 1400758, amount: 18.11 }] },
      { id: 1400719, seq: 8, group: 'Demand Charges', name: 'Time of Day Demand - Summer Mid-Peak', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY', touId: 1400012, bands: [{ id: 1400759, amount: 5.3 }] },
    ],
    source: `OpenEI URDB record 55fc81d7682bea28da64f9ae (http://en.openei.org/apps/IURDB/rate/view/55fc81d7682bea28da64f9ae; Southern California Edison Co, "Time of Use, General Service, Demand Metered, Option B: GS-2 TOU B, Single Phase", sector Commercial, voltage category Primary (2 - 50 kV), 20 - 200 kW, source sce.com ce30-12.pdf; startdate 1433116800 = 2015-06-01 00:00 UTC, enddate 1451520000 = 2015-12-31 00:00 UTC, the dates URDB stores at midnight UTC), via NREL/REopt_API/reo/tests/test_reopt_url.py (commit 04ae0335d6e96484d748d54838acfb3bfb1c9850, urdb_response of test_complex_incentives; identical in other REopt_API test modules): TOU energy rates, fixed monthly charge $259.20, monthly (flat) demand $13.20/kW, summer time-of-day demand $18.11/kW on-peak and $5.30/kW mid-peak. The record describes the time-of-day demand charges as generation based and added to the delivery-based monthly demand charge. Voltage discounts and the California Climate Credit appear in the record only as text attributes and are not modelled. Closed: SCE moved GS-2 customers to Schedule TOU-GS-2 with 4-9 p.m. periods (starter tariff TOU-GS-2-D, master 1100108, Option D from 2026-06-25); the real date SCE closed Option B is not in the sources found, so the schedule is closed where its last figures end, the day after the record's enddate (2016-01-01).`,
  },
];

export const URDB_RECORD_TARIFFS: StarterTariffSet = { tariffs: TARIFFS, seasons: SEASONS, touGroups: TOU_GROUPS };
