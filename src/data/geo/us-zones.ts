// The IANA zones in force in U.S. states and territories. tz-lookup's borders are coarse: near a state or
// national border it can answer a neighbour's zone for a ZIP code, which the seeder corrects.
const US_ZONE =
  /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Juneau|Sitka|Yakutat|Nome|Metlakatla|Adak|Boise|Detroit|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+|Puerto_Rico|St_Thomas)$|^Pacific\/(Honolulu|Guam|Saipan|Pago_Pago|Majuro|Kwajalein|Palau|Chuuk|Pohnpei|Kosrae|Wake|Midway)$/;

/**
 * States whose legal time is the same throughout (Arizona: standard time, but daylight time on the Navajo
 * Nation; Nevada: Pacific, but Mountain at West Wendover). In the other states a zone line runs through the state.
 */
const STATE_ZONES: Readonly<Record<string, readonly string[]>> = {
  AZ: ['America/Phoenix', 'America/Denver'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DC: ['America/New_York'],
  DE: ['America/New_York'],
  GA: ['America/New_York'],
  HI: ['Pacific/Honolulu'],
  IA: ['America/Chicago'],
  IL: ['America/Chicago'],
  LA: ['America/Chicago'],
  MA: ['America/New_York'],
  MD: ['America/New_York'],
  ME: ['America/New_York'],
  MN: ['America/Chicago'],
  MO: ['America/Chicago'],
  MS: ['America/Chicago'],
  NC: ['America/New_York'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NV: ['America/Los_Angeles', 'America/Denver'],
  NY: ['America/New_York'],
  OH: ['America/New_York', 'America/Detroit'],
  PA: ['America/New_York'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  UT: ['America/Denver'],
  VA: ['America/New_York'],
  VT: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  WI: ['America/Chicago'],
  WV: ['America/New_York'],
};

/** Whether a ZIP code of `state` may lie in `zone`. */
export function zoneFitsState(zone: string, state: string): boolean {
  const allowed = STATE_ZONES[state];
  return allowed ? allowed.includes(zone) : US_ZONE.test(zone);
}
