// Starter tariffs of the West, Texas and Hawaii: Xcel Energy / Public Service Co of Colorado Schedule RE-TOU
// (the figures published at the March 2022 roll-out, then the two-period versions of 2026-01-01 and 2026-07-01),
// Hawaiian Electric Oahu Schedule R (January 2020 figures, with its Energy Cost Recovery Factor as a lookup) and
// Pedernales Electric Cooperative's Residential and Farm/Ranch rate (August 2009, and March 2026). Every figure comes from the page or document named in the tariff's
// `source`; figures that could not be found are left out (no service and facility charge for RE-TOU in 2022, no minimum
// charge for HECO Schedule R, no power cost adjustment for PEC). Ids of our making are in 1,300,000 - 1,399,999.

import type { StarterRate, StarterTariffSet } from './starter-tariff.ts';

const RE_TOU_2026_PERIODS = [
  { name: 'Summer On-Peak', touId: 1300031 },
  { name: 'Summer Off-Peak', touId: 1300032 },
  { name: 'Winter On-Peak', touId: 1300033 },
  { name: 'Winter Off-Peak', touId: 1300034 },
] as const;

/**
 * RE-TOU's rates from 2026 (two periods): the monthly service and facility charge, then the energy prices ($/kWh) of
 * summer on-peak, summer off-peak, winter on-peak and winter off-peak; rate and band ids consecutive from the first.
 */
function reTou2026Rates(firstRateId: number, firstBandId: number, serviceAndFacility: number, energy: readonly [number, number, number, number]): StarterRate[] {
  return [
    { id: firstRateId, seq: 0, group: 'Service and Facility Charge', name: 'Service and Facility Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: firstBandId, amount: serviceAndFacility }] },
    ...RE_TOU_2026_PERIODS.map((p, i): StarterRate => ({
      id: firstRateId + 1 + i, seq: 1 + i, group: 'Energy Charge', name: p.name, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: p.touId, bands: [{ id: firstBandId + 1 + i, amount: energy[i]! }],
    })),
  ];
}

const XCEL_TOU_SOURCE =
  'Westword, "Xcel Tries to Change Energy-Use Habits With Time of Use Rates" (March 2022, https://www.westword.com/news/xcel-tries-to-change-energy-use-habits-with-time-of-use-rates-13567159) and Colorado PUC, Time of Use Rates FAQ (https://puc.colorado.gov/time-of-use-rates): on-peak 3-7 pm and mid-peak 1-3 pm on non-holiday weekdays, off-peak all other hours; summer June - September, winter October - May';

const HECO_SOURCE =
  "Hawaiian Electric, Oahu Energy Cost Recovery Clause filing for January 2020, attachment 7 (residential 500 kWh bill example; https://www.hawaiianelectric.com/documents/billing_and_payment/rates/energy_cost_adjustment_filings/oahu/2020/oahu_ecrc_2020_01.pdf), as transcribed in a University of Hawaii Schedule R bill-calculation script (GitHub, 'test Jan 2020 500 kWh example from HECO')";

export const WEST_TEXAS_HAWAII_TARIFFS: StarterTariffSet = {
  seasons: [
    { seasonId: 1300001, lseId: 1000007, seasonGroupId: 1, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'Colorado PUC Time of Use Rates FAQ: summer months June - September (Xcel Energy RE-TOU)' },
    { seasonId: 1300002, lseId: 1000007, seasonGroupId: 1, seasonName: 'Winter', from: [10, 1], to: [5, 31], source: 'Colorado PUC Time of Use Rates FAQ: non-summer months October - May (Xcel Energy RE-TOU)' },
  ],
  touGroups: [
    {
      lseId: 1000007,
      touGroupId: 1300001,
      source:
        'Colorado PUC Time of Use Rates FAQ (https://puc.colorado.gov/time-of-use-rates): RE-TOU on-peak 3:00-7:00 pm and mid-peak 1:00-3:00 pm on non-holiday weekdays only, off-peak all other hours (periods in force March 2022 - October 2025). Xcel holidays are not bundled',
      tous: [
        { touId: 1300011, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 1300001, calendarId: null, periods: [{ touPeriodId: 1300021, fromDayOfWeek: 0, fromHour: 15, fromMinute: 0, toDayOfWeek: 4, toHour: 19, toMinute: 0 }] },
        { touId: 1300012, touName: 'Summer Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1300001, calendarId: null, periods: [{ touPeriodId: 1300022, fromDayOfWeek: 0, fromHour: 13, fromMinute: 0, toDayOfWeek: 4, toHour: 15, toMinute: 0 }] },
        {
          touId: 1300013, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1300001, calendarId: null,
          periods: [
            { touPeriodId: 1300023, fromDayOfWeek: 0, fromHour: 19, fromMinute: 0, toDayOfWeek: 4, toHour: 13, toMinute: 0 },
            { touPeriodId: 1300024, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
          ],
        },
        { touId: 1300014, touName: 'Winter On-Peak', touType: 'ON_PEAK', seasonId: 1300002, calendarId: null, periods: [{ touPeriodId: 1300025, fromDayOfWeek: 0, fromHour: 15, fromMinute: 0, toDayOfWeek: 4, toHour: 19, toMinute: 0 }] },
        { touId: 1300015, touName: 'Winter Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1300002, calendarId: null, periods: [{ touPeriodId: 1300026, fromDayOfWeek: 0, fromHour: 13, fromMinute: 0, toDayOfWeek: 4, toHour: 15, toMinute: 0 }] },
        {
          touId: 1300016, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 1300002, calendarId: null,
          periods: [
            { touPeriodId: 1300027, fromDayOfWeek: 0, fromHour: 19, fromMinute: 0, toDayOfWeek: 4, toHour: 13, toMinute: 0 },
            { touPeriodId: 1300028, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
          ],
        },
      ],
    },
    {
      lseId: 1000007,
      touGroupId: 1300002,
      source:
        'Xcel Energy (Public Service Co of Colorado) Schedule RE-TOU periods from 2025-11-01 (Proceeding No. 24AL-0377E; CPR News, 2025-10-30): on-peak 5-9 p.m. on non-holiday weekdays all year, off-peak all other hours, weekends and holidays; no mid-peak. As scheduled in OpenEI URDB record 69bd927af5cd25efec0e9aad (weekday hours 17-20 on-peak) and in cbetz/ratebook-homeassistant xcel-psco-re-tou.json (2026-07-01), whose eleven holidays (calendar 1000006) are priced as weekends on the day itself',
      tous: [
        { touId: 1300031, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 1300001, calendarId: null, periods: [{ touPeriodId: 1300041, fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 21, toMinute: 0 }] },
        {
          touId: 1300032, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1300001, calendarId: 1000006,
          periods: [
            { touPeriodId: 1300042, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 },
            { touPeriodId: 1300043, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
          ],
        },
        { touId: 1300033, touName: 'Winter On-Peak', touType: 'ON_PEAK', seasonId: 1300002, calendarId: null, periods: [{ touPeriodId: 1300044, fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 21, toMinute: 0 }] },
        {
          touId: 1300034, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 1300002, calendarId: 1000006,
          periods: [
            { touPeriodId: 1300045, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 },
            { touPeriodId: 1300046, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
          ],
        },
      ],
    },
  ],
  keys: [
    {
      keyName: 'hecoOahuEnergyCostAdjustment', displayName: 'Hawaiian Electric (Oahu) Energy Cost Recovery Factor', family: 'tariff', keyspace: 'electricity', dataType: 'LOOKUP', quantityUnit: 'USD/kWh',
      entityId: 1000009,
      description: "Hawaiian Electric's Oahu Energy Cost Recovery Factor (the energy cost adjustment of Schedule R), $/kWh, published monthly in its ECRC filings.",
      source: HECO_SOURCE,
    },
  ],
  lookups: [
    // 13.629 cents/kWh in January 2020.
    { keyName: 'hecoOahuEnergyCostAdjustment', from: '2020-01-01', to: '2020-02-01', value: 0.13629, source: HECO_SOURCE },
  ],
  tariffs: [
    {
      tariffId: 1300101, masterTariffId: 1300100, tariffCode: 'RE-TOU', tariffName: 'Residential Energy Time-of-Use', lseId: 1000007, priorTariffId: null,
      tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2022-03-01', endDate: '2026-01-01',
      timeZone: 'America/Denver', lastUpdated: '2022-03-01',
      properties: [],
      rates: [
        // Energy prices per kWh as quoted at the roll-out (Westword, March 2022): off-peak 9.9 cents all year; mid-peak
        // 18.9 summer / 13.6 winter; on-peak 27.9 summer / 17.3 winter. They are rounded to 0.1 cent and (their ratios
        // differ from the 2.7x / 1.7x base design) appear to include riders.
        { id: 1301001, seq: 1, group: 'Energy Charge', name: 'Summer On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1300011, bands: [{ id: 1302001, amount: 0.279 }] },
        { id: 1301002, seq: 2, group: 'Energy Charge', name: 'Summer Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1300012, bands: [{ id: 1302002, amount: 0.189 }] },
        { id: 1301003, seq: 3, group: 'Energy Charge', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1300013, bands: [{ id: 1302003, amount: 0.099 }] },
        { id: 1301004, seq: 4, group: 'Energy Charge', name: 'Winter On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1300014, bands: [{ id: 1302004, amount: 0.173 }] },
        { id: 1301005, seq: 5, group: 'Energy Charge', name: 'Winter Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1300015, bands: [{ id: 1302005, amount: 0.136 }] },
        { id: 1301006, seq: 6, group: 'Energy Charge', name: 'Winter Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1300016, bands: [{ id: 1302006, amount: 0.099 }] },
      ],
      source: `${XCEL_TOU_SOURCE}. Figures as published at the roll-out of March 1, 2022 (not updated for later rate or rider changes: an April 2025 Xcel rate summary gives other, three-period figures and a $7.10 base / $8.17 total service and facility charge, not loaded). The TOU periods were replaced on November 1, 2025 (on-peak 5-9 pm, Proceeding No. 24AL-0377E), but no figures were found before those effective 2026-01-01 (the next version), so this version, with its periods, stays in effect until then. The monthly service and facility charge of 2022 was not found and is left out`,
    },
    {
      tariffId: 1300102, masterTariffId: 1300100, tariffCode: 'RE-TOU', tariffName: 'Residential Energy Time-of-Use', lseId: 1000007, priorTariffId: 1300101,
      tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-01-01', endDate: '2026-07-01',
      timeZone: 'America/Denver', lastUpdated: '2026-03-20',
      properties: [],
      // URDB periods: 2 summer on-peak, 3 summer off-peak, 0 winter on-peak, 1 winter off-peak (rates, no adjustments).
      rates: reTou2026Rates(1301011, 1302011, 8.19, [0.38109, 0.13926, 0.32832, 0.12165]),
      source: 'OpenEI URDB record 69bd927af5cd25efec0e9aad (https://openei.org/apps/USURDB/rate/view/69bd927af5cd25efec0e9aad; Public Service Co of Colorado, "Residential Energy Time Of Use (Schedule RE-TOU)", startdate 1767254400 = 2026-01-01, URDB update 2026-03-20), read from austinamissah/quantum-solar (MIT) commit 71ec2f45803cd2d3b88016915b163fb7152fe3a2, tests/fixtures/urdb_xcel_co_retou.json (a trimmed copy: energy rates and schedules): all-in $/kWh winter on-peak 0.32832, winter off-peak 0.12165, summer on-peak 0.38109, summer off-peak 0.13926; on-peak 5-9 p.m. weekdays, summer June - September. Service and facility charge $8.19/month from the same record as copied in cbetz/ratebook-homeassistant commit 6d0fd4e1d742a02f2ac77b5ec35976b45054cedf (xcel-psco-re-tou.json, effective 2026-01-01, the same four prices). Holidays as weekends, as the 2026-07-01 version\'s audited source lists them (URDB schedules carry no holidays). Riders outside the record are not included',
    },
    {
      tariffId: 1300103, masterTariffId: 1300100, tariffCode: 'RE-TOU', tariffName: 'Residential Energy Time-of-Use', lseId: 1000007, priorTariffId: 1300102,
      tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-07-01', endDate: null,
      timeZone: 'America/Denver', lastUpdated: '2026-07-01',
      properties: [],
      // Base rate + riders: summer on 0.21277 + 0.14977, off 0.07884 + 0.05524; winter on 0.18331 + 0.12843, off 0.06792 + 0.04759.
      rates: reTou2026Rates(1301021, 1302021, 8.19, [0.36254, 0.13408, 0.31174, 0.11551]),
      source: 'Xcel Energy Colorado Schedule RE-TOU, effective 2026-07-01, as transcribed in cbetz/ratebook-homeassistant (Apache-2.0) commit b8d5adc3d94620898204e81756b2bebb3520dafe, custom_components/ratebook/vendor/ratebook_ha/tariffs/xcel-psco-re-tou.json ("audited against current rate sheet", last verified 2026-07-01, citing Xcel\'s rate books and PSCo_Electric_Entire_Tariff.pdf): base rate + riders per period, summer on-peak 0.21277 + 0.14977 = 0.36254, summer off-peak 0.07884 + 0.05524 = 0.13408, winter on-peak 0.18331 + 0.12843 = 0.31174, winter off-peak 0.06792 + 0.04759 = 0.11551 $/kWh; service and facility charge $8.19/month (single source); on-peak 5-9 p.m. non-holiday weekdays; holidays (New Year, MLK Day, Presidents\' Day, Memorial Day, Juneteenth, Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving, Christmas, on the day itself) priced as weekends. A secondary source mentions an Xcel filing for an increase in August 2026; whether it took effect was not found, so this version stays in effect',
    },
    {
      tariffId: 1300201, masterTariffId: 1300200, tariffCode: 'R', tariffName: 'Schedule R - Residential Service (Oahu)', lseId: 1000009, priorTariffId: null,
      tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2020-01-01', endDate: null,
      timeZone: 'Pacific/Honolulu', lastUpdated: '2020-01-01',
      properties: [],
      rates: [
        { id: 1301101, seq: 1, group: 'Customer Charge', name: 'Customer Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1302101, amount: 11.5 }] },
        // Non-fuel energy charge blocks: first 350 kWh 10.6812, next 850 kWh 11.8347, over 1,200 kWh 13.7121 cents/kWh.
        {
          id: 1301102, seq: 2, group: 'Energy Charge', name: 'Non-Fuel Energy Charge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION',
          bands: [{ id: 1302102, amount: 0.106812, upTo: 350 }, { id: 1302103, amount: 0.118347, upTo: 1200 }, { id: 1302104, amount: 0.137121 }],
        },
        { id: 1301103, seq: 3, group: 'Energy Cost Recovery', name: 'Energy Cost Recovery Factor', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', variableRateKey: 'hecoOahuEnergyCostAdjustment', bands: [{ id: 1302105, amount: 0 }] },
        { id: 1301104, seq: 4, group: 'Green Infrastructure Fee', name: 'Green Infrastructure Fee', chargeType: 'FIXED_PRICE', chargeClass: 'NON_BYPASSABLE', bands: [{ id: 1302106, amount: 1.25 }] },
        // The surcharges below change monthly or yearly: only their January 2020 values were found, so they are limited to that month.
        { id: 1301105, seq: 5, group: 'Purchased Power Adjustment', name: 'Purchased Power Adjustment Clause', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', from: '2020-01-01T00:00:00', to: '2020-02-01T00:00:00', bands: [{ id: 1302107, amount: 0.023027 }] },
        { id: 1301106, seq: 6, group: 'Public Benefits Fund', name: 'Public Benefits Fund Surcharge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'NON_BYPASSABLE', from: '2020-01-01T00:00:00', to: '2020-02-01T00:00:00', bands: [{ id: 1302108, amount: 0.007437 }] },
        { id: 1301107, seq: 7, group: 'Revenue Balancing Account', name: 'RBA Rate Adjustment', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', from: '2020-01-01T00:00:00', to: '2020-02-01T00:00:00', bands: [{ id: 1302109, amount: 0.009376 }] },
        // -0.0019 cents/kWh in January 2020: a credit.
        { id: 1301108, seq: 8, group: 'Demand Response Adjustment', name: 'Demand Response Adjustment Clause', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', from: '2020-01-01T00:00:00', to: '2020-02-01T00:00:00', bands: [{ id: 1302110, amount: 0.000019, isCredit: true }] },
      ],
      source: `${HECO_SOURCE}. Figures in force January 2020; the DSM adjustment was 0.0 cents/kWh and is left out; the Schedule R minimum charge was not found and is left out; later months' Energy Cost Recovery Factors are not bundled`,
    },
    {
      tariffId: 1300301, masterTariffId: 1300300, tariffCode: 'RES', tariffName: 'Residential and Farm/Ranch', lseId: 1000012, priorTariffId: null,
      tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2009-08-01', endDate: '2026-03-01',
      timeZone: 'America/Chicago', lastUpdated: '2009-08-01',
      properties: [],
      rates: [
        { id: 1301201, seq: 1, group: 'Service Availability Charge', name: 'Service Availability Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1302201, amount: 22.5 }] },
        { id: 1301202, seq: 2, group: 'Energy Charge', name: 'Base Power Cost (Secondary)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', bands: [{ id: 1302202, amount: 0.07208 }] },
        { id: 1301203, seq: 3, group: 'Energy Charge', name: 'Delivery Charge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', bands: [{ id: 1302203, amount: 0.03212 }] },
      ],
      source: 'Pedernales Electric Cooperative, "PEC Summary of Rates - Rates Effective August 2009", Residential and Farm/Ranch (http://www.pec.coop/Home/Energy_Services/Rates.aspx). The Power Cost Adjustment is determined monthly and is not bundled. The figures between 2009 and the 2026 rate update were not found, so this version runs until 2026-03-01',
    },
    {
      tariffId: 1300302, masterTariffId: 1300300, tariffCode: 'RES', tariffName: 'Residential and Farm/Ranch', lseId: 1000012, priorTariffId: 1300301,
      tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-03-01', endDate: null,
      timeZone: 'America/Chicago', lastUpdated: '2026-03-01',
      properties: [],
      rates: [
        { id: 1301211, seq: 1, group: 'Service Availability Charge', name: 'Service Availability Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1302211, amount: 22.5 }] },
        { id: 1301212, seq: 2, group: 'Energy Charge', name: 'Base Power Charge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', bands: [{ id: 1302212, amount: 0.0659 }] },
        { id: 1301213, seq: 3, group: 'Energy Charge', name: 'Delivery Charge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION', bands: [{ id: 1302213, amount: 0.028405 }] },
        { id: 1301214, seq: 4, group: 'Transmission Cost of Service', name: 'TCOS Pass-Through Charge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'TRANSMISSION', bands: [{ id: 1302214, amount: 0.015458 }] },
      ],
      source: 'Pedernales Electric Cooperative, "Updates to Rates Effective March 1, 2026" (https://mypec.com/residential-rates/2026-rate-update): the Base Power Charge rises from $0.061900 to $0.065900 per kWh, "the only change that will affect most residential members"; the other charges are those of PEC\'s Residential Rates page (https://www.pec.coop/residential-rates/, read undated as a stored copy): Service Availability Charge $22.50/month, Delivery Charge $0.028405/kWh, Transmission Cost of Service $0.015458/kWh. PEC updates the TCOS pass-through each June 1 and October 1 (its Transmission Charges page, https://www.pec.coop/savings/power-rush-hour/transmission-charges/, also undated, gives $0.01686/kWh as current), so the TCOS figure is the rates page\'s and may differ in a given month. The auto pay (-$1.50) and paperless billing (-$1.00) credits, franchise fees and the Time-of-Use Rate are not included',
    },
  ],
};
