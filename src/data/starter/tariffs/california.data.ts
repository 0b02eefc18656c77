// California starter tariffs: PG&E E-1 and E-TOU-C (pge-residential.data.ts), SCE TOU-D-4-9PM, D (by baseline region) and
// TOU-GS-2 Option D, SDG&E TOU-DR1 (by climate zone), SMUD R-TOD and PG&E B-19 (secondary), with the seasons and TOU
// groups they need. Figures are the utilities' published totals as found: PG&E and SCE rate sheets and SMUD rate
// pages as transcribed in public GitHub rate registries, and OpenEI URDB records read from a public copy. Each
// tariff's `source` names its document, effective date and where it was read; figures not found are left out rather
// than estimated, and a version whose successor's figures were not found stays in effect and says so.
import type { StarterSeason, StarterTouGroup } from '../time.data.ts';
import { BASELINE_KEYS, SCE_BASELINE_REGIONS, SCE_BASELINE_SOURCE, SDGE_CLIMATE_ZONES, SDGE_ZONE_SOURCE, areaRates, creditTo130, idsFrom, tiers, type SeasonPick } from './baseline-areas.ts';
import { PGE_RESIDENTIAL_TARIFFS } from './pge-residential.data.ts';
import { SDGE_TOU_DR1_2026 } from './sdge-tou-dr1-2026.data.ts';
import type { StarterRate, StarterTariff, StarterTariffSet } from './starter-tariff.ts';

const SCE_SEASONS: readonly SeasonPick[] = [
  { seasonId: 1000001, name: 'Summer', allowance: 'summer' },
  { seasonId: 1000002, name: 'Winter', allowance: 'winter' },
];
const SDGE_TOU_SEASONS: readonly SeasonPick[] = [
  { seasonId: 1100004, name: 'Summer', allowance: 'summer' },
  { seasonId: 1100005, name: 'Winter (November - February)', allowance: 'winter' },
  { seasonId: 1100006, name: 'Winter (March - April)', allowance: 'winter' },
  { seasonId: 1100007, name: 'Winter (May)', allowance: 'winter' },
];

/**
 * SDG&E TOU-DR1's periods in one season from 2026-05-01 (the weekday 10 a.m. - 2 p.m. super off-peak all year): on-peak
 * 4-9 p.m. every day; super off-peak midnight - 6 a.m. and 10 a.m. - 2 p.m. weekdays, midnight - 2 p.m. weekends;
 * off-peak the other hours. Three TOUs from firstTouId, their periods' ids from firstPeriodId.
 */
function sdgeTouDr1Periods2026(seasonId: number, season: string, firstTouId: number, firstPeriodId: number): StarterTouGroup['tous'] {
  const span = (i: number, fromDay: number, fromHour: number, toDay: number, toHour: number) => ({ touPeriodId: firstPeriodId + i, fromDayOfWeek: fromDay, fromHour, fromMinute: 0, toDayOfWeek: toDay, toHour, toMinute: 0 });
  return [
    { touId: firstTouId, touName: `${season} On-Peak`, touType: 'ON_PEAK', seasonId, calendarId: null, periods: [span(0, 0, 16, 6, 21)] },
    { touId: firstTouId + 1, touName: `${season} Off-Peak`, touType: 'OFF_PEAK', seasonId, calendarId: null, periods: [span(1, 0, 6, 4, 10), span(2, 0, 14, 4, 16), span(3, 0, 21, 4, 0), span(4, 5, 14, 6, 16), span(5, 5, 21, 6, 0)] },
    { touId: firstTouId + 2, touName: `${season} Super Off-Peak`, touType: 'SUPER_OFF_PEAK', seasonId, calendarId: null, periods: [span(6, 0, 0, 4, 6), span(7, 0, 10, 4, 14), span(8, 5, 0, 6, 14)] },
  ];
}

const SEASONS: readonly StarterSeason[] = [
  { seasonId: 1100001, lseId: 734, seasonGroupId: 1100001, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'PG&E Schedule B-19: summer June 1 - September 30' },
  { seasonId: 1100002, lseId: 734, seasonGroupId: 1100001, seasonName: 'Winter (October - February)', from: [10, 1], to: [2, 29], source: 'PG&E Schedule B-19: winter October 1 - May 31, without a super off-peak period in October - February' },
  { seasonId: 1100003, lseId: 734, seasonGroupId: 1100001, seasonName: 'Winter (March - May)', from: [3, 1], to: [5, 31], source: 'PG&E Schedule B-19: winter months March, April and May carry the 9 a.m. - 2 p.m. super off-peak period' },
  { seasonId: 1100004, lseId: 1000002, seasonGroupId: 1100002, seasonName: 'Summer', from: [6, 1], to: [10, 31], source: 'SDG&E Schedule TOU-DR1 (OpenEI URDB 6772cfc9b5f9d561220ececb schedule): summer June 1 - October 31' },
  { seasonId: 1100005, lseId: 1000002, seasonGroupId: 1100002, seasonName: 'Winter (November - February)', from: [11, 1], to: [2, 29], source: 'SDG&E Schedule TOU-DR1: winter November 1 - May 31; November - February part' },
  { seasonId: 1100006, lseId: 1000002, seasonGroupId: 1100002, seasonName: 'Winter (March - April)', from: [3, 1], to: [4, 30], source: 'SDG&E Schedule TOU-DR1: in March and April weekday super off-peak also covers 10 a.m. - 2 p.m.' },
  { seasonId: 1100007, lseId: 1000002, seasonGroupId: 1100002, seasonName: 'Winter (May)', from: [5, 1], to: [5, 31], source: 'SDG&E Schedule TOU-DR1: winter November 1 - May 31; May part' },
  { seasonId: 1100008, lseId: 1000003, seasonGroupId: 1100003, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'SMUD Time-of-Day (5-8 p.m.) Rate: summer June 1 - September 30' },
  { seasonId: 1100009, lseId: 1000003, seasonGroupId: 1100003, seasonName: 'Non-Summer', from: [10, 1], to: [5, 31], source: 'SMUD Time-of-Day (5-8 p.m.) Rate: non-summer October 1 - May 31' },
];

const TOU_GROUPS: readonly StarterTouGroup[] = [
  {
    lseId: 734, touGroupId: 1100001,
    source: 'PG&E Schedule B-19 (secondary): peak 4-9 p.m. every day; summer (June - September) part-peak 2-4 p.m. and 9-11 p.m.; winter (October - May) super off-peak 9 a.m. - 2 p.m. in March, April and May only; off-peak all other hours. Periods apply every day of the week.',
    tous: [
      { touId: 1100001, touName: 'Summer Peak', touType: 'ON_PEAK', seasonId: 1100001, calendarId: null, periods: [{ touPeriodId: 1110001, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100002, touName: 'Summer Part-Peak', touType: 'PARTIAL_PEAK', seasonId: 1100001, calendarId: null, periods: [{ touPeriodId: 1110002, fromDayOfWeek: 0, fromHour: 14, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }, { touPeriodId: 1110003, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 23, toMinute: 0 }] },
      { touId: 1100003, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1100001, calendarId: null, periods: [{ touPeriodId: 1110004, fromDayOfWeek: 0, fromHour: 23, fromMinute: 0, toDayOfWeek: 6, toHour: 14, toMinute: 0 }] },
      { touId: 1100004, touName: 'Winter Peak (October - February)', touType: 'ON_PEAK', seasonId: 1100002, calendarId: null, periods: [{ touPeriodId: 1110005, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100005, touName: 'Winter Off-Peak (October - February)', touType: 'OFF_PEAK', seasonId: 1100002, calendarId: null, periods: [{ touPeriodId: 1110006, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }] },
      { touId: 1100006, touName: 'Winter Peak (March - May)', touType: 'ON_PEAK', seasonId: 1100003, calendarId: null, periods: [{ touPeriodId: 1110007, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100007, touName: 'Winter Super Off-Peak (March - May)', touType: 'SUPER_OFF_PEAK', seasonId: 1100003, calendarId: null, periods: [{ touPeriodId: 1110008, fromDayOfWeek: 0, fromHour: 9, fromMinute: 0, toDayOfWeek: 6, toHour: 14, toMinute: 0 }] },
      { touId: 1100008, touName: 'Winter Off-Peak (March - May)', touType: 'OFF_PEAK', seasonId: 1100003, calendarId: null, periods: [{ touPeriodId: 1110009, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 9, toMinute: 0 }, { touPeriodId: 1110010, fromDayOfWeek: 0, fromHour: 14, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }] },
    ],
  },
  {
    lseId: 1000002, touGroupId: 1100002,
    source: 'SDG&E Schedule TOU-DR1 as scheduled in OpenEI URDB record 6772cfc9b5f9d561220ececb: on-peak 4-9 p.m. every day; super off-peak midnight-6 a.m. weekdays (and 10 a.m.-2 p.m. weekdays in March and April), midnight-2 p.m. weekends; off-peak all other hours; summer June - October. SDG&E prices holidays as weekends; holidays are not bundled here.',
    tous: [
      { touId: 1100009, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 1100004, calendarId: null, periods: [{ touPeriodId: 1110014, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100010, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1100004, calendarId: null, periods: [{ touPeriodId: 1110012, fromDayOfWeek: 0, fromHour: 6, fromMinute: 0, toDayOfWeek: 4, toHour: 16, toMinute: 0 }, { touPeriodId: 1110013, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 0, toMinute: 0 }, { touPeriodId: 1110015, fromDayOfWeek: 5, fromHour: 14, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }, { touPeriodId: 1110016, fromDayOfWeek: 5, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }] },
      { touId: 1100011, touName: 'Summer Super Off-Peak', touType: 'SUPER_OFF_PEAK', seasonId: 1100004, calendarId: null, periods: [{ touPeriodId: 1110011, fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 4, toHour: 6, toMinute: 0 }, { touPeriodId: 1110017, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 14, toMinute: 0 }] },
      { touId: 1100012, touName: 'Winter (November - February) On-Peak', touType: 'ON_PEAK', seasonId: 1100005, calendarId: null, periods: [{ touPeriodId: 1110021, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100013, touName: 'Winter (November - February) Off-Peak', touType: 'OFF_PEAK', seasonId: 1100005, calendarId: null, periods: [{ touPeriodId: 1110019, fromDayOfWeek: 0, fromHour: 6, fromMinute: 0, toDayOfWeek: 4, toHour: 16, toMinute: 0 }, { touPeriodId: 1110020, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 0, toMinute: 0 }, { touPeriodId: 1110022, fromDayOfWeek: 5, fromHour: 14, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }, { touPeriodId: 1110023, fromDayOfWeek: 5, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }] },
      { touId: 1100014, touName: 'Winter (November - February) Super Off-Peak', touType: 'SUPER_OFF_PEAK', seasonId: 1100005, calendarId: null, periods: [{ touPeriodId: 1110018, fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 4, toHour: 6, toMinute: 0 }, { touPeriodId: 1110024, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 14, toMinute: 0 }] },
      { touId: 1100015, touName: 'Winter (March - April) On-Peak', touType: 'ON_PEAK', seasonId: 1100006, calendarId: null, periods: [{ touPeriodId: 1110030, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100016, touName: 'Winter (March - April) Off-Peak', touType: 'OFF_PEAK', seasonId: 1100006, calendarId: null, periods: [{ touPeriodId: 1110027, fromDayOfWeek: 0, fromHour: 6, fromMinute: 0, toDayOfWeek: 4, toHour: 10, toMinute: 0 }, { touPeriodId: 1110028, fromDayOfWeek: 0, fromHour: 14, fromMinute: 0, toDayOfWeek: 4, toHour: 16, toMinute: 0 }, { touPeriodId: 1110029, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 0, toMinute: 0 }, { touPeriodId: 1110031, fromDayOfWeek: 5, fromHour: 14, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }, { touPeriodId: 1110032, fromDayOfWeek: 5, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }] },
      { touId: 1100017, touName: 'Winter (March - April) Super Off-Peak', touType: 'SUPER_OFF_PEAK', seasonId: 1100006, calendarId: null, periods: [{ touPeriodId: 1110025, fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 4, toHour: 6, toMinute: 0 }, { touPeriodId: 1110026, fromDayOfWeek: 0, fromHour: 10, fromMinute: 0, toDayOfWeek: 4, toHour: 14, toMinute: 0 }, { touPeriodId: 1110033, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 14, toMinute: 0 }] },
      { touId: 1100018, touName: 'Winter (May) On-Peak', touType: 'ON_PEAK', seasonId: 1100007, calendarId: null, periods: [{ touPeriodId: 1110037, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100019, touName: 'Winter (May) Off-Peak', touType: 'OFF_PEAK', seasonId: 1100007, calendarId: null, periods: [{ touPeriodId: 1110035, fromDayOfWeek: 0, fromHour: 6, fromMinute: 0, toDayOfWeek: 4, toHour: 16, toMinute: 0 }, { touPeriodId: 1110036, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 4, toHour: 0, toMinute: 0 }, { touPeriodId: 1110038, fromDayOfWeek: 5, fromHour: 14, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }, { touPeriodId: 1110039, fromDayOfWeek: 5, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }] },
      { touId: 1100020, touName: 'Winter (May) Super Off-Peak', touType: 'SUPER_OFF_PEAK', seasonId: 1100007, calendarId: null, periods: [{ touPeriodId: 1110034, fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 4, toHour: 6, toMinute: 0 }, { touPeriodId: 1110040, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 14, toMinute: 0 }] },
    ],
  },
  {
    lseId: 1000002, touGroupId: 1100005,
    source: 'SDG&E Schedule TOU-DR1 periods as scheduled in cbetz/ratebook packages/ratebook-data/dataset/tariffs/sdge-tou-dr-1.json (commit d6acd29dafadcb51d5786ee7b6aa350dd2646780, data CC0-1.0; the version effective 2026-06-01, citing SDG&E\'s When Matters and super off-peak pages and KPBS, 2026-05-01, "SDG&E begins year-round off-peak weekday pricing"): on-peak 4-9 p.m. every day; super off-peak midnight - 6 a.m. and 10 a.m. - 2 p.m. on weekdays all year, midnight - 2 p.m. on weekends; off-peak all other hours; summer June - October (seasons 1400005 and 1400006). SDG&E prices holidays as weekends; holidays are not bundled here.',
    tous: [...sdgeTouDr1Periods2026(1400005, 'Summer', 1100032, 1110055), ...sdgeTouDr1Periods2026(1400006, 'Winter', 1100035, 1110064)],
  },
  {
    lseId: 1000003, touGroupId: 1100003,
    source: 'SMUD Time-of-Day (5-8 p.m.) Rate: peak 5-8 p.m. Monday - Friday all year; summer mid-peak noon - 5 p.m. and 8 p.m. - midnight Monday - Friday; off-peak all other hours and all day on weekends (and holidays, which are not bundled here)',
    tous: [
      { touId: 1100021, touName: 'Summer Peak', touType: 'ON_PEAK', seasonId: 1100008, calendarId: null, periods: [{ touPeriodId: 1110041, fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 20, toMinute: 0 }] },
      { touId: 1100022, touName: 'Summer Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1100008, calendarId: null, periods: [{ touPeriodId: 1110042, fromDayOfWeek: 0, fromHour: 12, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 }, { touPeriodId: 1110043, fromDayOfWeek: 0, fromHour: 20, fromMinute: 0, toDayOfWeek: 4, toHour: 0, toMinute: 0 }] },
      { touId: 1100023, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1100008, calendarId: null, periods: [{ touPeriodId: 1110044, fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 4, toHour: 12, toMinute: 0 }, { touPeriodId: 1110045, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }] },
      { touId: 1100024, touName: 'Non-Summer Peak', touType: 'ON_PEAK', seasonId: 1100009, calendarId: null, periods: [{ touPeriodId: 1110046, fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 20, toMinute: 0 }] },
      { touId: 1100025, touName: 'Non-Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1100009, calendarId: null, periods: [{ touPeriodId: 1110047, fromDayOfWeek: 0, fromHour: 20, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 }, { touPeriodId: 1110048, fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }] },
    ],
  },
  {
    lseId: 1000001, touGroupId: 1100004,
    source: 'SCE Schedule TOU-GS-2 Option D time-related demand periods, as billed in a public GitHub Southern California billing module (data version socal-2026-09-20.1, citing SCE Advice 5829-E and 5837-E): the summer on-peak demand charge applies weekdays 4-9 p.m. in June - September and the winter mid-peak demand charge weekdays 4-9 p.m. in October - May, holidays excluded (SCE\'s eight TOU holidays, a Sunday holiday observed on Monday: calendar 1000003); the energy periods are those of TOU-D-4-9PM (TOU group 1000001).',
    tous: [
      { touId: 1100026, touName: 'Summer On-Peak (weekdays 4-9 p.m.)', touType: 'ON_PEAK', seasonId: 1000001, calendarId: null, periods: [{ touPeriodId: 1110049, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 4, toHour: 21, toMinute: 0 }] },
      { touId: 1100027, touName: 'Summer Mid-Peak (weekends and holidays 4-9 p.m.)', touType: 'PARTIAL_PEAK', seasonId: 1000001, calendarId: 1000003, periods: [{ touPeriodId: 1110050, fromDayOfWeek: 5, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100028, touName: 'Summer Other Hours', touType: 'OFF_PEAK', seasonId: 1000001, calendarId: null, periods: [{ touPeriodId: 1110051, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }] },
      { touId: 1100029, touName: 'Winter Mid-Peak (weekdays 4-9 p.m.)', touType: 'PARTIAL_PEAK', seasonId: 1000002, calendarId: null, periods: [{ touPeriodId: 1110052, fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 4, toHour: 21, toMinute: 0 }] },
      { touId: 1100030, touName: 'Winter Mid-Peak (weekends and holidays 4-9 p.m.)', touType: 'PARTIAL_PEAK', seasonId: 1000002, calendarId: 1000003, periods: [{ touPeriodId: 1110053, fromDayOfWeek: 5, fromHour: 16, fromMinute: 0, toDayOfWeek: 6, toHour: 21, toMinute: 0 }] },
      { touId: 1100031, touName: 'Winter Other Hours', touType: 'OFF_PEAK', seasonId: 1000002, calendarId: null, periods: [{ touPeriodId: 1110054, fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 6, toHour: 16, toMinute: 0 }] },
    ],
  },
];

/** TOU-GS-2 Option D energy prices by TOU-D-4-9PM period (delivery, generation; $/kWh). */
const GS2D_ENERGY = [
  { name: 'Summer On-Peak', touId: 1000006, delivery: 0.05674, generation: 0.10955 },
  { name: 'Summer Mid-Peak', touId: 1000007, delivery: 0.05491, generation: 0.09989 },
  { name: 'Summer Off-Peak', touId: 1000008, delivery: 0.05449, generation: 0.06409 },
  { name: 'Winter Mid-Peak', touId: 1000009, delivery: 0.05674, generation: 0.07395 },
  { name: 'Winter Off-Peak', touId: 1000010, delivery: 0.05491, generation: 0.0744 },
  { name: 'Winter Super Off-Peak', touId: 1000011, delivery: 0.05384, generation: 0.03907 },
];

const TARIFFS: readonly StarterTariff[] = [
  {
    tariffId: 1100005, masterTariffId: 1100103, tariffCode: 'TOU-D-4-9PM', tariffName: 'Time-of-Use Domestic, 4 - 9 p.m.', lseId: 1000001, priorTariffId: null, tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-06-01', endDate: null, timeZone: 'America/Los_Angeles', lastUpdated: '2026-07-01',
    properties: [],
    rates: [
      { id: 1101021, seq: 0, group: 'Fixed Charges', name: 'Base Services Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: 1102029, amount: 0.794 }] },
      { id: 1101022, seq: 1, group: 'Energy Charges', name: 'Summer On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1000006, bands: [{ id: 1102030, amount: 0.58477 }] },
      { id: 1101023, seq: 2, group: 'Energy Charges', name: 'Summer Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1000007, bands: [{ id: 1102031, amount: 0.46482 }] },
      { id: 1101024, seq: 3, group: 'Energy Charges', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1000008, bands: [{ id: 1102032, amount: 0.34666 }] },
      { id: 1101025, seq: 4, group: 'Energy Charges', name: 'Winter Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1000009, bands: [{ id: 1102033, amount: 0.51112 }] },
      { id: 1101026, seq: 5, group: 'Energy Charges', name: 'Winter Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1000010, bands: [{ id: 1102034, amount: 0.37515 }] },
      { id: 1101027, seq: 6, group: 'Energy Charges', name: 'Winter Super Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1000011, bands: [{ id: 1102035, amount: 0.33605 }] },
    ],
    source: 'SCE Schedule TOU-D (option 4-9 PM), Sheet 2 rates, Advice 5829-E, effective 2026-06-01 (ELECTRIC_SCHEDULES_TOU-D.pdf, SCE tariff book), as transcribed in cbetz/ratebook-homeassistant (tariffs/sce-tou-d-4-9pm.json, verified 2026-07-01; OpenEI URDB structure 66ccb7bfa7d4ef64fc07ad6b): total energy rates per TOU period and the non-CARE Base Services Charge $0.794/day ($24.15/month). The record\'s URDB adjustment of $0.00842/kWh is not added (SCE\'s published plan prices match the rates without it). Baseline credit (about $0.10/kWh, exact figure not found) not included.',
  },
  {
    tariffId: 1100006, masterTariffId: 1100104, tariffCode: 'D', tariffName: 'Domestic Service (Baseline Region 5)', lseId: 1000001, priorTariffId: null, tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2024-06-01', endDate: '2026-06-01', timeZone: 'America/Los_Angeles', lastUpdated: '2024-08-29',
    properties: [],
    rates: [
      { id: 1101028, seq: 0, group: 'Fixed Charges', name: 'Basic Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: 1102036, amount: 0.031 }] },
      { id: 1101029, seq: 1, group: 'Energy Charges', name: 'Energy Charge (Summer), Baseline Region 5', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', chargePeriod: 'DAILY', seasonId: 1000001, bands: [{ id: 1102037, amount: 0.33586, upTo: 17 }, { id: 1102038, amount: 0.43178 }] },
      { id: 1101030, seq: 2, group: 'Energy Charges', name: 'Energy Charge (Winter), Baseline Region 5', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', chargePeriod: 'DAILY', seasonId: 1000002, bands: [{ id: 1102039, amount: 0.33586, upTo: 18.4 }, { id: 1102040, amount: 0.43178 }] },
      { id: 1101031, seq: 999, group: 'Minimum Charge', name: 'Minimum Charge', chargeType: 'MINIMUM', chargePeriod: 'DAILY', bands: [{ id: 1102041, amount: 0.346 }] },
    ],
    source: 'OpenEI URDB record https://openei.org/apps/USURDB/rate/view/66cc9e270d535cf5c3058518 (Southern California Edison Co, "Domestic Service: D - Baseline Region 5", effective 2024-06-01, updated 2024-08-29), read from its copy in cbetz/ratebook-homeassistant (tariffs/sce-domestic-d.json): tier prices are URDB rate + adjustment (0.33398 + 0.00188; 0.4299 + 0.00188 $/kWh), tier 1 up to 17 kWh/day in June - September and 18.4 kWh/day in October - May (Region 5 baseline), usage over 400 % of baseline at the Tier 2 price; basic charge $0.031/day; minimum charge $0.346/day. Baseline Region 5 quantities apply to every customer of this version (it is not priced by region). Later figures: SCE changed rates before 2026-06-01 (its Base Services Charge page says the Base Services Charge replaced the Basic Charge and the minimum charge in November 2025), but the figures between this record and the 2026-06-01 version were not found, so this version stays in effect until 2026-06-01.',
  },
  {
    tariffId: 1100014, masterTariffId: 1100104, tariffCode: 'D', tariffName: 'Domestic Service', lseId: 1000001, priorTariffId: 1100006, tariffType: 'ALTERNATIVE', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-06-01', endDate: null, timeZone: 'America/Los_Angeles', lastUpdated: '2026-09-24',
    properties: [],
    rates: [
      { id: 1103900, seq: 0, group: 'Fixed Charges', name: 'Base Services Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: 1104900, amount: 0.794 }] },
      ...areaRates({
        areas: SCE_BASELINE_REGIONS, seasons: SCE_SEASONS, rateId: idsFrom(1103901), bandId: idsFrom(1104901), firstSeq: 1,
        rate: (area, season) => ({ group: 'Energy Charges', name: `Energy Charge (${season.name}), Baseline Region ${area.code}`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE' }),
        bands: tiers(0.30214, 0.40313),
      }),
    ],
    source: `SCE Schedule D (Domestic Service), Cal. P.U.C. Sheets 91130-E/91131-E, Advice 5829-E, effective 2026-06-01 (ELECTRIC_SCHEDULES_D.pdf, SCE tariff book), as transcribed in cbetz/ratebook-homeassistant (Apache-2.0) commit b8d5adc3d94620898204e81756b2bebb3520dafe, custom_components/ratebook/vendor/ratebook_ha/tariffs/sce-domestic-d.json (last verified 2026-07-01; OpenEI URDB structure 66cc9e270d535cf5c3058518): Tier 1 $0.30214/kWh up to the baseline allowance, Tier 2 $0.40313/kWh above it (usage over 400 % of baseline at the Tier 2 price); non-CARE Base Services Charge $0.794/day; no minimum charge (SCE's Base Services Charge page: the minimum charge no longer applies). SCE's Tiered Rate Plan page read 2026-09-24 still posts these prices (about 30 and 40 cents/kWh, 79 cents/day). Baseline allowances by region (basic only): ${SCE_BASELINE_SOURCE}. An address is placed in a region by the communities SCE's Index of Communities lists in one region only, else by its ZIP code's CEC climate zone (the regions' territories say how); elsewhere give territoryId, or Region 5 (the first) is assumed. CARE/FERA Base Services Charge tiers and all-electric allowances were not found and are not included.`,
  },
  {
    tariffId: 1100007, masterTariffId: 1100105, tariffCode: 'TOU-DR1', tariffName: 'Residential Time-of-Use', lseId: 1000002, priorTariffId: null, tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2024-09-30', endDate: '2026-06-01', timeZone: 'America/Los_Angeles', lastUpdated: '2024-12-30',
    properties: [],
    rates: [
      { id: 1101032, seq: 1, group: 'Energy Charges', name: 'Summer On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100009, bands: [{ id: 1102042, amount: 0.70519 }] },
      { id: 1101033, seq: 2, group: 'Energy Charges', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100010, bands: [{ id: 1102043, amount: 0.47575 }] },
      { id: 1101034, seq: 3, group: 'Energy Charges', name: 'Summer Super Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100011, bands: [{ id: 1102044, amount: 0.35524 }] },
      { id: 1101035, seq: 4, group: 'Energy Charges', name: 'Winter (November - February) On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100012, bands: [{ id: 1102045, amount: 0.56115 }] },
      { id: 1101036, seq: 5, group: 'Energy Charges', name: 'Winter (November - February) Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100013, bands: [{ id: 1102046, amount: 0.49928 }] },
      { id: 1101037, seq: 6, group: 'Energy Charges', name: 'Winter (November - February) Super Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100014, bands: [{ id: 1102047, amount: 0.48133 }] },
      { id: 1101038, seq: 7, group: 'Energy Charges', name: 'Winter (March - April) On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100015, bands: [{ id: 1102048, amount: 0.56115 }] },
      { id: 1101039, seq: 8, group: 'Energy Charges', name: 'Winter (March - April) Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100016, bands: [{ id: 1102049, amount: 0.49928 }] },
      { id: 1101040, seq: 9, group: 'Energy Charges', name: 'Winter (March - April) Super Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100017, bands: [{ id: 1102050, amount: 0.48133 }] },
      { id: 1101041, seq: 10, group: 'Energy Charges', name: 'Winter (May) On-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100018, bands: [{ id: 1102051, amount: 0.56115 }] },
      { id: 1101042, seq: 11, group: 'Energy Charges', name: 'Winter (May) Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100019, bands: [{ id: 1102052, amount: 0.49928 }] },
      { id: 1101043, seq: 12, group: 'Energy Charges', name: 'Winter (May) Super Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100020, bands: [{ id: 1102053, amount: 0.48133 }] },
      ...areaRates({
        areas: SDGE_CLIMATE_ZONES, seasons: SDGE_TOU_SEASONS, rateId: idsFrom(1105000), bandId: idsFrom(1106000), firstSeq: 13,
        kept: {
          'Coastal/1100004': { rateId: 1101044, bandIds: [1102054, 1102055] },
          'Coastal/1100005': { rateId: 1101045, bandIds: [1102056, 1102057] },
          'Coastal/1100006': { rateId: 1101046, bandIds: [1102058, 1102059] },
          'Coastal/1100007': { rateId: 1101047, bandIds: [1102060, 1102061] },
        },
        rate: (area, season) => ({ group: 'Baseline Adjustment Credit', name: `Baseline Adjustment Credit (${season.name}), ${area.code} climate zone`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'DISTRIBUTION' }),
        bands: creditTo130(0.10543),
      }),
      { id: 1101048, seq: 999, group: 'Minimum Charge', name: 'Minimum Bill', chargeType: 'MINIMUM', chargePeriod: 'DAILY', bands: [{ id: 1102062, amount: 0.392 }] },
    ],
    source: `OpenEI URDB record https://openei.org/apps/USURDB/rate/view/6772cfc9b5f9d561220ececb (San Diego Gas & Electric Co, "TOU-DR-1 Coastal Baseline Region", effective 2024-09-30, updated 2024-12-30), read from its copy in cbetz/ratebook-homeassistant (tariffs/sdge-tou-dr-1.json): total energy rates per TOU period; the record's tier-1 adjustment of -$0.10543/kWh up to the Coastal baseline allowance (9 kWh/day summer, 9.2 kWh/day winter) is written as the Baseline Adjustment Credit, applied in each climate zone up to 130 % of its allowance: the limit SDG&E's total rates tables print ("up to 130% of baseline", on the 8-1-26 table as transcribed; see the 2026-08-01 version) and corruptbear/my_sdge's bill calculator applies (sdge_hourly.py get_allowance_deduction), the record's own limit of 100 % being read as its simplification; minimum charge $0.392/day. Climate zone allowances: ${SDGE_ZONE_SOURCE}. SDG&E defines the zones on a map (no ZIP code list was found): an address in San Diego County is placed by its CEC climate zone (the zones' territories say how); elsewhere give territoryId, or the Coastal zone (the first) is assumed. Later figures: SDG&E published TOU-DR1 total rates tables effective 2025-10-01 (which replaced the minimum bill with a Base Services Charge of $0.79343/day), 2026-01-01 and 2026-04-01, whose figures were not found in a source that can be named, so this version stays in effect until the next loaded one, of 2026-06-01.`,
  },
  ...SDGE_TOU_DR1_2026,
  {
    tariffId: 1100016, masterTariffId: 1100108, tariffCode: 'TOU-GS-2-D', tariffName: 'Time-of-Use General Service - Demand Metered, Option D (Secondary, 20 - 200 kW)', lseId: 1000001, priorTariffId: null, tariffType: 'DEFAULT', customerClass: 'GENERAL', customerCount: null, effectiveDate: '2026-06-25', endDate: null, timeZone: 'America/Los_Angeles', lastUpdated: '2026-09-17',
    properties: [],
    rates: [
      { id: 1107001, seq: 0, group: 'Customer Charge', name: 'Customer Charge (three-phase)', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1108001, amount: 268.43 }] },
      ...GS2D_ENERGY.flatMap((p, i): StarterRate[] => [
        { id: 1107002 + 2 * i, seq: 1 + 2 * i, group: 'Delivery Charges', name: `Energy - Delivery, ${p.name}`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: p.touId, bands: [{ id: 1108002 + 2 * i, amount: p.delivery }] },
        { id: 1107003 + 2 * i, seq: 2 + 2 * i, group: 'Generation Charges', name: `Energy - Generation, ${p.name}`, chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY', touId: p.touId, bands: [{ id: 1108003 + 2 * i, amount: p.generation }] },
      ]),
      { id: 1107020, seq: 20, group: 'Fixed Recovery Charge', name: 'Fixed Recovery Charge', chargeType: 'CONSUMPTION_BASED', chargeClass: 'NON_BYPASSABLE', bands: [{ id: 1108020, amount: 0.00483 }] },
      { id: 1107021, seq: 21, group: 'Demand Charges', name: 'Facilities Related Demand Charge', chargeType: 'DEMAND_BASED', chargeClass: 'DISTRIBUTION', bands: [{ id: 1108021, amount: 28.18 }] },
      { id: 1107022, seq: 22, group: 'Demand Charges', name: 'Time Related Demand Charge - Summer On-Peak', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100026, bands: [{ id: 1108022, amount: 39.6 }] },
      { id: 1107023, seq: 23, group: 'Demand Charges', name: 'Time Related Demand Charge - Winter Mid-Peak', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100029, bands: [{ id: 1108023, amount: 8.46 }] },
    ],
    source: 'SCE Schedule TOU-GS-2 (Time-of-Use General Service - Demand Metered, 20 - 200 kW), Option D, secondary voltage (below 2 kV), rates valid from 2026-06-25 (SCE Advice 5829-E and 5837-E; SCE tariff books, https://www.sce.com/regulatory/regulatory-information/tariff-books/rates-pricing-choices), as transcribed in a public GitHub Southern California billing module (data version socal-2026-09-20.1, coverage 2026-06-25 to 2026-09-17; one transcription, no official sheet copy found): customer charge $268.43/month three-phase ($259.13 single-phase, not modelled: give a rate input to change it); energy delivery + generation $/kWh by period: summer on-peak (weekdays 4-9 p.m., June - September) 0.05674 + 0.10955, summer mid-peak (4-9 p.m. weekends and holidays) 0.05491 + 0.09989, summer off-peak 0.05449 + 0.06409, winter mid-peak (4-9 p.m.) 0.05674 + 0.07395, winter off-peak (9 p.m. - 8 a.m.) 0.05491 + 0.07440, winter super off-peak (8 a.m. - 4 p.m.) 0.05384 + 0.03907; Fixed Recovery Charge $0.00483/kWh; facilities related demand $28.18/kW of the month\'s maximum demand; time related demand $39.60/kW summer on-peak and $8.46/kW winter mid-peak (weekdays 4-9 p.m., holidays excluded). The module rounds billed demand to the nearest kW; Ratebook bills the measured kW. SCE moved GS-2 customers to TOU-GS-2 with 4-9 p.m. periods; Option D is the default option. Options B, E and R, CPP, voltage discounts, power factor and the state surcharge are not included.',
  },
  {
    tariffId: 1100008, masterTariffId: 1100106, tariffCode: 'R-TOD', tariffName: 'Residential Time-of-Day (5-8 p.m.) Rate (RT02)', lseId: 1000003, priorTariffId: null, tariffType: 'DEFAULT', customerClass: 'RESIDENTIAL', customerCount: null, effectiveDate: '2026-01-01', endDate: null, timeZone: 'America/Los_Angeles', lastUpdated: '2026-09-24',
    properties: [],
    rates: [
      { id: 1101049, seq: 0, group: 'Fixed Charges', name: 'System Infrastructure Fixed Charge', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', bands: [{ id: 1102063, amount: 27.0 }] },
      { id: 1101050, seq: 1, group: 'Electricity Usage Charge', name: 'Summer Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100021, bands: [{ id: 1102064, amount: 0.3765 }] },
      { id: 1101051, seq: 2, group: 'Electricity Usage Charge', name: 'Summer Mid-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100022, bands: [{ id: 1102065, amount: 0.2139 }] },
      { id: 1101052, seq: 3, group: 'Electricity Usage Charge', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100023, bands: [{ id: 1102066, amount: 0.155 }] },
      { id: 1101053, seq: 4, group: 'Electricity Usage Charge', name: 'Non-Summer Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100024, bands: [{ id: 1102067, amount: 0.1776 }] },
      { id: 1101054, seq: 5, group: 'Electricity Usage Charge', name: 'Non-Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100025, bands: [{ id: 1102068, amount: 0.1285 }] },
    ],
    source: 'SMUD Rate Schedule R-TOD, Time-of-Day (5-8 p.m.) Rate (RT02), prices effective January 1, 2026: System Infrastructure Fixed Charge $27.00/month and the non-summer peak $0.1776/kWh as quoted from the SMUD rate sheet (columns "Effective as of May 1, 2025 / January 1, 2026") in a public GitHub tariff-parser repository; summer peak $0.3765, mid-peak $0.2139, off-peak $0.1550 and non-summer off-peak $0.1285 $/kWh from SMUD\'s Residential rates page (https://www.smud.org, read 2026-09-24) as recorded in a public GitHub fact register; periods per SMUD\'s Time-of-Day (5-8 p.m.) Rate FAQ (https://www.smud.org/Rate-Information/Residential-rates/Time-of-Day-5-8pm-Rate/Time-of-Day-FAQs). Holidays (off-peak all day), the EV midnight-6 a.m. credit and the state surcharge are not included.',
  },
  {
    tariffId: 1100009, masterTariffId: 1100107, tariffCode: 'B-19', tariffName: 'Medium General Demand-Metered TOU Service (Secondary, Mandatory)', lseId: 734, priorTariffId: null, tariffType: 'DEFAULT', customerClass: 'GENERAL', customerCount: null, effectiveDate: '2026-03-01', endDate: null, timeZone: 'America/Los_Angeles', lastUpdated: '2026-03-01',
    properties: [],
    rates: [
      { id: 1101055, seq: 0, group: 'Customer Charge', name: 'Customer Charge (Mandatory B-19)', chargeType: 'FIXED_PRICE', chargeClass: 'DISTRIBUTION', chargePeriod: 'DAILY', bands: [{ id: 1102069, amount: 58.62824 }] },
      { id: 1101056, seq: 1, group: 'Energy Charges', name: 'Summer Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100001, bands: [{ id: 1102070, amount: 0.18648 }] },
      { id: 1101057, seq: 2, group: 'Energy Charges', name: 'Summer Part-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100002, bands: [{ id: 1102071, amount: 0.14775 }] },
      { id: 1101058, seq: 3, group: 'Energy Charges', name: 'Summer Off-Peak', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100003, bands: [{ id: 1102072, amount: 0.12037 }] },
      { id: 1101059, seq: 4, group: 'Energy Charges', name: 'Winter Peak (October - February)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100004, bands: [{ id: 1102073, amount: 0.16188 }] },
      { id: 1101060, seq: 5, group: 'Energy Charges', name: 'Winter Off-Peak (October - February)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100005, bands: [{ id: 1102074, amount: 0.12026 }] },
      { id: 1101061, seq: 6, group: 'Energy Charges', name: 'Winter Peak (March - May)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100006, bands: [{ id: 1102075, amount: 0.16188 }] },
      { id: 1101062, seq: 7, group: 'Energy Charges', name: 'Winter Super Off-Peak (March - May)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100007, bands: [{ id: 1102076, amount: 0.06442 }] },
      { id: 1101063, seq: 8, group: 'Energy Charges', name: 'Winter Off-Peak (March - May)', chargeType: 'CONSUMPTION_BASED', chargeClass: 'SUPPLY,TRANSMISSION,DISTRIBUTION,NON_BYPASSABLE', touId: 1100008, bands: [{ id: 1102077, amount: 0.12026 }] },
      { id: 1101064, seq: 9, group: 'Demand Charges', name: 'Maximum Demand Charge', chargeType: 'DEMAND_BASED', chargeClass: 'DISTRIBUTION', bands: [{ id: 1102078, amount: 37.37 }] },
      { id: 1101065, seq: 10, group: 'Demand Charges', name: 'Summer Peak Demand Charge', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100001, bands: [{ id: 1102079, amount: 46.16 }] },
      { id: 1101066, seq: 11, group: 'Demand Charges', name: 'Summer Part-Peak Demand Charge', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100002, bands: [{ id: 1102080, amount: 10.52 }] },
      { id: 1101067, seq: 12, group: 'Demand Charges', name: 'Winter Peak Demand Charge (October - February)', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100004, bands: [{ id: 1102081, amount: 2.31 }] },
      { id: 1101068, seq: 13, group: 'Demand Charges', name: 'Winter Peak Demand Charge (March - May)', chargeType: 'DEMAND_BASED', chargeClass: 'SUPPLY,DISTRIBUTION', touId: 1100006, bands: [{ id: 1102082, amount: 2.31 }] },
    ],
    source: 'PG&E Electric Schedule B-19, secondary voltage, bundled, total rates effective 2026-03-01 (ELEC_SCHEDS_B-19.pdf, https://www.pge.com/tariffs/assets/pdf/tariffbook/ELEC_SCHEDS_B-19.pdf), as transcribed in a public GitHub rate registry (pge_b19_secondary_mandatory_bundled_2026_03_01): customer charge $58.62824/meter/day (mandatory, 500-999 kW), TOU energy rates, maximum demand $37.37/kW, summer peak $46.16/kW and part-peak $10.52/kW, winter peak $2.31/kW (summer figures corroborated by a second document of the same registry). Power factor adjustment, Peak Day Pricing, the voluntary customer charge ($11.36882/day below 500 kW) and Options R/S are not included.',
  },
];

export const CALIFORNIA_TARIFFS: StarterTariffSet = { tariffs: [...PGE_RESIDENTIAL_TARIFFS, ...TARIFFS], seasons: SEASONS, touGroups: TOU_GROUPS, keys: BASELINE_KEYS };
