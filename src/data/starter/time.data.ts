// Starter seasons, calendars and time-of-use groups. Ids recorded from the original API are kept (PG&E seasons
// 280/281 and 692/693, Georgia Power's seasons 314/315, holiday calendar 34 and TOU group 1 with TOUs 1 and 2);
// others of our making start at 1,000,001. The BILLING and PRICING_PERIOD calendars are synthetic examples and
// say so in their names: real meter-read schedules and event days are not bundled.
import { OBSERVANCE, type EventRule } from '../../engine/calendar/event-rules.ts';
import type { TouPeriod } from '../../engine/time/tou-periods.ts';

export interface StarterSeason {
  seasonId: number;
  lseId: number;
  seasonGroupId: number;
  seasonName: string;
  from: [month: number, day: number];
  to: [month: number, day: number];
  source: string;
}

export const STARTER_SEASONS: readonly StarterSeason[] = [
  { seasonId: 280, lseId: 734, seasonGroupId: 1, seasonName: 'Summer', from: [5, 1], to: [10, 31], source: 'Recorded original API response (seasons?lseId=734)' },
  { seasonId: 281, lseId: 734, seasonGroupId: 1, seasonName: 'Winter', from: [11, 1], to: [4, 30], source: 'Recorded original API response (seasons?lseId=734)' },
  { seasonId: 692, lseId: 734, seasonGroupId: 2, seasonName: 'High Price Period', from: [6, 1], to: [9, 30], source: 'Recorded original API response; PG&E E-TOU-C summer June 1 - September 30' },
  { seasonId: 693, lseId: 734, seasonGroupId: 2, seasonName: 'Low Price Period', from: [10, 1], to: [5, 31], source: 'Recorded original API response; PG&E E-TOU-C winter October 1 - May 31' },
  { seasonId: 1000001, lseId: 1000001, seasonGroupId: 1, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'SCE Schedule TOU-D: summer June 1 - September 30' },
  { seasonId: 1000002, lseId: 1000001, seasonGroupId: 1, seasonName: 'Winter', from: [10, 1], to: [5, 31], source: 'SCE Schedule TOU-D: winter October 1 - May 31' },
  { seasonId: 1000003, lseId: 1000008, seasonGroupId: 1, seasonName: 'Summer', from: [5, 1], to: [10, 31], source: 'APS residential rate schedules: summer May - October billing cycles' },
  { seasonId: 1000004, lseId: 1000008, seasonGroupId: 1, seasonName: 'Winter', from: [11, 1], to: [4, 30], source: 'APS residential rate schedules: winter November - April billing cycles' },
  { seasonId: 315, lseId: 2756, seasonGroupId: 3, seasonName: 'Summer', from: [6, 1], to: [9, 30], source: 'Recorded original API response (timeofuses/2756/1)' },
  { seasonId: 314, lseId: 2756, seasonGroupId: 3, seasonName: 'Winter', from: [10, 1], to: [5, 31], source: 'Recorded original API response (tariff 512 rates)' },
];

/** Starter seasons of earlier versions, removed on re-seeding (1000005 became the original's id 314). */
export const RETIRED_STARTER_SEASON_IDS: readonly number[] = [1000005];

export interface StarterEvent extends EventRule {
  calendarEventId: number;
  name: string;
  /** MANUAL events: stored dates, with local start and end times where the event is not a whole day. */
  stored?: { date: string; startTime?: string; endTime?: string }[];
}

export interface StarterCalendar {
  calendarId: number;
  calendarName: string;
  calendarType: 'HOLIDAY' | 'BILLING' | 'PRICING_PERIOD';
  lseId: number | null;
  source: string;
  events: StarterEvent[];
}

const fixed = (calendarEventId: number, name: string, fixedMonth: number, fixedDay: number, adjustment: number): StarterEvent => ({ calendarEventId, name, dateDefinitionType: 'FIXED_DATE', fixedMonth, fixedDay, adjustment });
const floating = (calendarEventId: number, name: string, fixedMonth: number, dayOfWeek: number, weekOfMonth: number): StarterEvent => ({ calendarEventId, name, dateDefinitionType: 'FLOATING_DATE', fixedMonth, dayOfWeek, weekOfMonth });

/** The eight holidays of the California IOUs' TOU schedules, observed by the given rule. */
function californiaHolidays(firstId: number, observance: number): StarterEvent[] {
  return [
    fixed(firstId, "New Year's Day", 1, 1, observance),
    floating(firstId + 1, "Presidents' Day", 2, 1, 3),
    floating(firstId + 2, 'Memorial Day', 5, 1, -1),
    fixed(firstId + 3, 'Independence Day', 7, 4, observance),
    floating(firstId + 4, 'Labor Day', 9, 1, 1),
    fixed(firstId + 5, 'Veterans Day', 11, 11, observance),
    floating(firstId + 6, 'Thanksgiving Day', 11, 4, 4),
    fixed(firstId + 7, 'Christmas Day', 12, 25, observance),
  ];
}

const monthlyReads = (years: number[]) =>
  years.flatMap((y) => Array.from({ length: 12 }, (_, m) => ({ date: `${y}-${String(m + 1).padStart(2, '0')}-${['05', '06', '04', '05', '06', '05', '05', '06', '05', '06', '05', '05'][m]}` })));

export const STARTER_CALENDARS: readonly StarterCalendar[] = [
  {
    calendarId: 1000001, calendarName: 'NERC Off-Peak Holidays', calendarType: 'HOLIDAY', lseId: null,
    source: 'NERC Additional Off-Peak Days: six holidays; one falling on a Sunday is observed the Monday after, a Saturday one is not moved',
    events: [
      fixed(1000001, "New Year's Day", 1, 1, OBSERVANCE.SUNDAY_TO_MONDAY),
      floating(1000002, 'Memorial Day', 5, 1, -1),
      fixed(1000003, 'Independence Day', 7, 4, OBSERVANCE.SUNDAY_TO_MONDAY),
      floating(1000004, 'Labor Day', 9, 1, 1),
      floating(1000005, 'Thanksgiving Day', 11, 4, 4),
      fixed(1000006, 'Christmas Day', 12, 25, OBSERVANCE.SUNDAY_TO_MONDAY),
    ],
  },
  { calendarId: 1000002, calendarName: 'PG&E TOU Holidays', calendarType: 'HOLIDAY', lseId: 734, source: 'PG&E electric rate schedules: holidays on the dates they are legally observed', events: californiaHolidays(1000011, OBSERVANCE.NEAREST_WEEKDAY) },
  { calendarId: 1000003, calendarName: 'SCE TOU Holidays', calendarType: 'HOLIDAY', lseId: 1000001, source: 'SCE Schedule TOU-D: a holiday on Sunday is recognized the following Monday; none is moved for Saturday', events: californiaHolidays(1000021, OBSERVANCE.SUNDAY_TO_MONDAY) },
  {
    calendarId: 1000006, calendarName: 'Xcel Energy Colorado TOU Holidays', calendarType: 'HOLIDAY', lseId: 1000007,
    source: 'Xcel Energy Colorado Schedule RE-TOU holidays (off-peak all day), as listed with observance on the day itself in cbetz/ratebook-homeassistant xcel-psco-re-tou.json (commit b8d5adc3d94620898204e81756b2bebb3520dafe, verified 2026-07-01)',
    events: [
      fixed(1000061, "New Year's Day", 1, 1, OBSERVANCE.NONE),
      floating(1000062, 'Martin Luther King Jr. Day', 1, 1, 3),
      floating(1000063, "Presidents' Day", 2, 1, 3),
      floating(1000064, 'Memorial Day', 5, 1, -1),
      fixed(1000065, 'Juneteenth', 6, 19, OBSERVANCE.NONE),
      fixed(1000066, 'Independence Day', 7, 4, OBSERVANCE.NONE),
      floating(1000067, 'Labor Day', 9, 1, 1),
      floating(1000068, 'Columbus Day', 10, 1, 2),
      fixed(1000069, 'Veterans Day', 11, 11, OBSERVANCE.NONE),
      floating(1000070, 'Thanksgiving Day', 11, 4, 4),
      fixed(1000071, 'Christmas Day', 12, 25, OBSERVANCE.NONE),
    ],
  },
  {
    calendarId: 34, calendarName: 'Georgia Power TOU Holidays', calendarType: 'HOLIDAY', lseId: 2756,
    source: 'Georgia Power TOU-REO: Independence Day and Labor Day are off-peak; id 34 as the recorded original API response',
    events: [fixed(1000031, 'Independence Day', 7, 4, OBSERVANCE.NONE), floating(1000032, 'Labor Day', 9, 1, 1)],
  },
  {
    calendarId: 1000004, calendarName: 'PG&E meter reads, cycle 1 (synthetic example)', calendarType: 'BILLING', lseId: 734,
    source: 'Synthetic: illustrative monthly meter-read dates, not PG&E\'s schedule',
    events: [{ calendarEventId: 1000041, name: 'Meter read (synthetic)', dateDefinitionType: 'MANUAL', stored: monthlyReads([2024, 2025, 2026]) }],
  },
  {
    calendarId: 1000005, calendarName: 'SCE critical peak event days (synthetic example)', calendarType: 'PRICING_PERIOD', lseId: 1000001,
    source: 'Synthetic: illustrative 4-9 pm event days, not SCE\'s called events',
    events: [
      {
        calendarEventId: 1000051, name: 'Critical peak event (synthetic)', dateDefinitionType: 'MANUAL',
        stored: ['2025-07-24', '2025-08-06', '2025-08-21', '2025-09-04', '2026-07-23', '2026-08-12', '2026-09-02'].map((date) => ({ date, startTime: `${date}T16:00`, endTime: `${date}T21:00` })),
      },
    ],
  },
];

export interface StarterTou {
  touId: number;
  touName: string;
  touType: string;
  seasonId: number | null;
  calendarId: number | null;
  isDynamic?: boolean;
  periods: (TouPeriod & { touPeriodId: number })[];
}

export interface StarterTouGroup {
  lseId: number;
  touGroupId: number;
  source: string;
  tous: StarterTou[];
}

let nextPeriodId = 1000001;
/** A period; ids from 1,000,001 unless given (the recorded ones keep theirs). */
const per = (fromDayOfWeek: number, fromHour: number, toDayOfWeek: number, toHour: number, touPeriodId = nextPeriodId++) => ({ touPeriodId, fromDayOfWeek, fromHour, fromMinute: 0, toDayOfWeek, toHour, toMinute: 0 });

export const STARTER_TOU_GROUPS: readonly StarterTouGroup[] = [
  {
    lseId: 2756, touGroupId: 1,
    source: 'Recorded original API response (timeofuses/2756/1): summer weekdays 2-7 pm on-peak; Georgia Power TOU-REO is off-peak October - May (Winter Off-Peak added)',
    tous: [
      { touId: 1, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 315, calendarId: null, periods: [per(0, 14, 4, 19, 1)] },
      { touId: 2, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 315, calendarId: 34, periods: [per(0, 19, 6, 14, 2), per(5, 14, 6, 19, 2037)] },
      { touId: 1000001, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 314, calendarId: null, periods: [per(0, 0, 6, 0)] },
    ],
  },
  {
    lseId: 734, touGroupId: 1000001,
    source: 'PG&E Schedule E-TOU-C: peak 4-9 pm every day, off-peak all other hours; summer June - September',
    tous: [
      { touId: 1000002, touName: 'Summer Peak', touType: 'ON_PEAK', seasonId: 692, calendarId: null, periods: [per(0, 16, 6, 21)] },
      { touId: 1000003, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 692, calendarId: null, periods: [per(0, 21, 6, 16)] },
      { touId: 1000004, touName: 'Winter Peak', touType: 'ON_PEAK', seasonId: 693, calendarId: null, periods: [per(0, 16, 6, 21)] },
      { touId: 1000005, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 693, calendarId: null, periods: [per(0, 21, 6, 16)] },
    ],
  },
  {
    lseId: 1000001, touGroupId: 1000001,
    source: 'SCE Schedule TOU-D-4-9PM: summer on-peak 4-9 pm weekdays, mid-peak 4-9 pm weekends and holidays; winter mid-peak 4-9 pm, super off-peak 8 am-4 pm, off-peak 9 pm-8 am',
    tous: [
      { touId: 1000006, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 1000001, calendarId: null, periods: [per(0, 16, 4, 21)] },
      { touId: 1000007, touName: 'Summer Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1000001, calendarId: 1000003, periods: [per(5, 16, 6, 21)] },
      { touId: 1000008, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1000001, calendarId: null, periods: [per(0, 21, 6, 16)] },
      { touId: 1000009, touName: 'Winter Mid-Peak', touType: 'PARTIAL_PEAK', seasonId: 1000002, calendarId: null, periods: [per(0, 16, 6, 21)] },
      { touId: 1000010, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 1000002, calendarId: null, periods: [per(0, 21, 6, 8)] },
      { touId: 1000011, touName: 'Winter Super Off-Peak', touType: 'SUPER_OFF_PEAK', seasonId: 1000002, calendarId: null, periods: [per(0, 8, 6, 16)] },
    ],
  },
  {
    lseId: 1000008, touGroupId: 1000001,
    source: 'APS Saver Choice (TOU-E): on-peak 4-7 pm weekdays; winter super off-peak 10 am-3 pm weekdays; off-peak all other hours. APS holidays are not bundled',
    tous: [
      { touId: 1000012, touName: 'Summer On-Peak', touType: 'ON_PEAK', seasonId: 1000003, calendarId: null, periods: [per(0, 16, 4, 19)] },
      { touId: 1000013, touName: 'Summer Off-Peak', touType: 'OFF_PEAK', seasonId: 1000003, calendarId: null, periods: [per(0, 19, 4, 16), per(5, 0, 6, 0)] },
      { touId: 1000014, touName: 'Winter On-Peak', touType: 'ON_PEAK', seasonId: 1000004, calendarId: null, periods: [per(0, 16, 4, 19)] },
      { touId: 1000015, touName: 'Winter Super Off-Peak', touType: 'SUPER_OFF_PEAK', seasonId: 1000004, calendarId: null, periods: [per(0, 10, 4, 15)] },
      { touId: 1000016, touName: 'Winter Off-Peak', touType: 'OFF_PEAK', seasonId: 1000004, calendarId: null, periods: [per(0, 19, 4, 10), per(0, 15, 4, 16), per(5, 0, 6, 0)] },
    ],
  },
];
