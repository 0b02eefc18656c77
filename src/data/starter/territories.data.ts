// Starter territories. SERVICE areas are county lists (or a whole state, marked partial, where the utility
// serves most of a state alongside cooperatives and municipals); an item is `partial` where another utility
// serves part of that county, or full coverage could not be confirmed. Utility climate zones intersect a
// climate zone with the service area: California Energy Commission building climate zones in California,
// 2021 IECC / ASHRAE 169 county climate zones elsewhere. TARIFF territories are the California baseline areas of the
// starter tariffs (tariffs/baseline-areas.ts): PG&E's ten baseline territories, SCE's baseline regions and SDG&E's
// climate zones. Ids 807 and 3538 (PG&E's service area and Baseline Region T) are the original API's, as recorded;
// others of our making start at 1,000,001.

import { CEC_ZONE_SOURCE } from '../climate/cec-building-climate-zones.data.ts';
import { PGE_BASELINE_SOURCE, PGE_BASELINE_TERRITORIES, SCE_BASELINE_REGIONS, SCE_BASELINE_SOURCE, SDGE_CLIMATE_ZONES, SDGE_ZONE_SOURCE } from './tariffs/baseline-areas.ts';

export type ItemSpec = { type: 'STATE' | 'COUNTY' | 'CITY' | 'ZIPCODE'; value: string; partial?: boolean; exclude?: boolean };

export interface StarterTerritory {
  territoryId: number;
  territoryName: string;
  lseId: number;
  parentTerritoryId: number | null;
  usageType: 'SERVICE' | 'TARIFF' | 'UTILITY_CLIMATE_ZONE' | 'UTILITY_TAX';
  /** The state the items lie in. */
  state: string;
  deregRes: boolean;
  deregCandi: boolean;
  items: ItemSpec[];
  /** Items generated at seed time: every ZIP code of these counties (for ZIP-level territories). */
  zipcodesOfCounties?: string[];
  /**
   * Items generated at seed time, partial: the ZIP codes of these counties whose California Energy Commission building
   * climate zone is one of these, for a utility's areas drawn on a climate zone map with no ZIP code list published.
   * A ZIP code whose city a sibling territory of the same utility lists by name is left to that one.
   */
  zipcodesOfCecZones?: { zones: number[]; counties: string[] };
  /** LSEs serving in the territory besides the owner (the owner is listed as distributor and supplier). */
  otherLses?: { lseId: number; distribution: boolean; supplierResidential: boolean; supplierGeneral: boolean }[];
  source: string;
}

const counties = (partial: boolean, ...names: string[]): ItemSpec[] => names.map((value) => ({ type: 'COUNTY', value, partial }));
const zips = (partial: boolean, list: string): ItemSpec[] => list.split(/\s+/).filter(Boolean).map((value) => ({ type: 'ZIPCODE', value, partial }));

/** Communities SCE's Index of Communities lists in one baseline region only (those listed in several are left out). */
const SCE_REGION_CITIES: Record<string, string[]> = {
  '6': ['Huntington Beach'],
  '8': ['Lakewood'],
  '9': ['Simi Valley'],
  '10': ['Murrieta', 'Menifee', 'Wildomar', 'Winchester', 'Fontana', 'Redlands', 'Moreno Valley'],
  '13': ['Visalia'],
  '15': ['Palm Springs', 'Palm Desert'],
};

/** The counties of SCE's service area (Ventura whole, the others in part). */
const SCE_COUNTIES = ['Ventura', 'Fresno', 'Imperial', 'Inyo', 'Kern', 'Kings', 'Los Angeles', 'Madera', 'Mono', 'Orange', 'Riverside', 'San Bernardino', 'Santa Barbara', 'Tulare', 'Tuolumne'];
/** SDG&E's climate zones by CEC building climate zone (NREL dGen's mapping, citing SDG&E's baseline allowance calculator). */
const SDGE_CEC_ZONES: Record<string, number[]> = { Coastal: [6, 7, 8], Inland: [10], Mountain: [14], Desert: [15] };
const CEC_STAND_IN = `the ZIP codes whose CEC building climate zone (${CEC_ZONE_SOURCE}) is the area's, as a stand-in for the utility's own map, by NREL dGen's mapping of these areas to CEC zones (NREL/dgen dgen_os/sql/data_prep/1_load_and_prep_diffusion_shared_data/19_curating_urdb_rates/3_account_for_ca_climate_zones.sql @ dbc7a4d82351db5b41d27dc459af6e09530122c8, BSD-3-Clause)`;

const SERVICE_MAP = 'County list from the utility\'s published service area map';
const CEC = 'California Energy Commission building climate zones';
const IECC = '2021 IECC / ASHRAE 169 climate zone of the county';

export const STARTER_TERRITORIES: readonly StarterTerritory[] = [
  // Pacific Gas & Electric
  {
    territoryId: 807, territoryName: 'Service area for CA', lseId: 734, parentTerritoryId: null, usageType: 'SERVICE', state: 'CA', deregRes: false, deregCandi: false,
    items: [
      ...counties(false, 'Alameda', 'Amador', 'Butte', 'Calaveras', 'Colusa', 'Contra Costa', 'El Dorado', 'Glenn', 'Humboldt', 'Kings', 'Lake', 'Madera', 'Marin', 'Mariposa', 'Mendocino', 'Merced', 'Monterey', 'Napa', 'Nevada', 'San Benito', 'San Francisco', 'San Joaquin', 'San Luis Obispo', 'San Mateo', 'Santa Cruz', 'Shasta', 'Solano', 'Sonoma', 'Stanislaus', 'Sutter', 'Tehama', 'Trinity', 'Tuolumne', 'Yolo', 'Yuba'),
      ...counties(true, 'Alpine', 'Fresno', 'Kern', 'Lassen', 'Placer', 'Plumas', 'Sacramento', 'Santa Barbara', 'Santa Clara', 'Sierra', 'Siskiyou', 'Tulare'),
    ],
    source: `${SERVICE_MAP}; id and name as the original API. Partial: counties shared with SMUD, SCE, PacifiCorp, Liberty and municipal utilities (for example Palo Alto and Santa Clara)`,
  },
  {
    territoryId: 3538, territoryName: 'Baseline Region T', lseId: 734, parentTerritoryId: 807, usageType: 'TARIFF', state: 'CA', deregRes: false, deregCandi: false,
    items: [],
    zipcodesOfCounties: ['San Francisco'],
    source: `PG&E baseline territory T; id, name and the ZIP 94115 -> T as the original API recorded. Bundled items: the ZIP codes of San Francisco (all of San Francisco is in T); T also covers other coastal Bay Area places, not bundled: PG&E assigns territories by county and elevation band and publishes no ZIP code list in the sources found. Allowances: ${PGE_BASELINE_SOURCE}`,
  },
  ...PGE_BASELINE_TERRITORIES.filter((a) => a.code !== 'T').map(
    (a): StarterTerritory => ({
      territoryId: a.territoryId, territoryName: `Baseline Region ${a.code}`, lseId: 734, parentTerritoryId: 807, usageType: 'TARIFF', state: 'CA', deregRes: false, deregCandi: false, items: [],
      source: `PG&E baseline territory ${a.code}: basic ${a.basic.summer} / ${a.basic.winter}, all-electric ${a.allElectric!.summer} / ${a.allElectric!.winter} kWh/day (summer / winter), ${PGE_BASELINE_SOURCE}. No items: PG&E assigns baseline territories by county and elevation band (Electric Preliminary Statement Part A, not transcribed in the sources found) and its ZIP code table (RESZIPS.XLS) was not found, so no address is placed in this territory; a calculation names it with territoryId`,
    }),
  ),
  { territoryId: 1000101, territoryName: 'PG&E Climate Zone 3 (San Francisco)', lseId: 734, parentTerritoryId: 807, usageType: 'UTILITY_CLIMATE_ZONE', state: 'CA', deregRes: false, deregCandi: false, items: counties(false, 'San Francisco'), source: `${CEC}: San Francisco lies in zone 3` },

  // Southern California Edison
  {
    territoryId: 1000102, territoryName: 'Service area for CA', lseId: 1000001, parentTerritoryId: null, usageType: 'SERVICE', state: 'CA', deregRes: false, deregCandi: false,
    items: [...counties(false, 'Ventura'), ...counties(true, ...SCE_COUNTIES.filter((c) => c !== 'Ventura'))],
    source: `${SERVICE_MAP} (parts of 15 counties); partial where municipal utilities (for example LADWP, Anaheim, Riverside) or other IOUs serve`,
  },
  ...SCE_BASELINE_REGIONS.map(
    (a): StarterTerritory => ({
      territoryId: a.territoryId, territoryName: `Baseline Region ${a.code}`, lseId: 1000001, parentTerritoryId: 1000102, usageType: 'TARIFF', state: 'CA', deregRes: false, deregCandi: false,
      items: (SCE_REGION_CITIES[a.code] ?? []).map((value) => ({ type: 'CITY', value, partial: true })),
      zipcodesOfCecZones: { zones: [Number(a.code)], counties: SCE_COUNTIES },
      source: `SCE baseline region ${a.code}: basic ${a.basic.summer} / ${a.basic.winter} kWh/day (summer / winter), ${SCE_BASELINE_SOURCE}. Items: ${SCE_REGION_CITIES[a.code] ? 'the communities SCE\'s Index of Communities (Cal. PUC Sheet 53902-E, https://www.sce.com/sites/default/files/inline-files/ce62-12.pdf, as transcribed in the same file, read 2026-09-24) lists in this region only, matched by postal city name (partial: a postal city can reach beyond the community, and Moreno Valley and Palm Desert are partly served by other utilities)' : 'none: no community listed in this region alone was found'}; and, partial, ${CEC_STAND_IN} (SCE numbers its regions by the CEC zones they lie in; dGen notes that SCE's map puts a northern part of CEC zone 14 in region 15), in SCE's counties, except ZIP codes whose city another region lists. SCE publishes no ZIP code list of its regions in the sources found; near a zone boundary, or in a ZIP code another utility serves, name the region with territoryId`,
    }),
  ),
  { territoryId: 1000103, territoryName: 'SCE Climate Zone 9 (Los Angeles basin)', lseId: 1000001, parentTerritoryId: 1000102, usageType: 'UTILITY_CLIMATE_ZONE', state: 'CA', deregRes: false, deregCandi: false, items: counties(true, 'Los Angeles'), source: `${CEC}: zone 9 covers part of Los Angeles County` },

  // San Diego Gas & Electric
  { territoryId: 1000104, territoryName: 'Service area for CA', lseId: 1000002, parentTerritoryId: null, usageType: 'SERVICE', state: 'CA', deregRes: false, deregCandi: false, items: [...counties(false, 'San Diego'), ...counties(true, 'Orange')], source: `${SERVICE_MAP}: San Diego County and southern Orange County` },
  ...SDGE_CLIMATE_ZONES.map(
    (a): StarterTerritory => ({
      territoryId: a.territoryId, territoryName: `${a.code} Climate Zone (baseline)`, lseId: 1000002, parentTerritoryId: 1000104, usageType: 'TARIFF', state: 'CA', deregRes: false, deregCandi: false, items: [],
      zipcodesOfCecZones: { zones: SDGE_CEC_ZONES[a.code]!, counties: ['San Diego'] },
      source: `SDG&E baseline climate zone ${a.code}: basic ${a.basic.summer} / ${a.basic.winter} kWh/day (summer / winter), ${SDGE_ZONE_SOURCE}. Items, partial: ${CEC_STAND_IN}, CEC zone${SDGE_CEC_ZONES[a.code]!.length > 1 ? 's' : ''} ${SDGE_CEC_ZONES[a.code]!.join(', ')}, in San Diego County (the southern Orange County part of SDG&E's area is left out: most of that county is SCE's). SDG&E draws its climate zones on a map (tariff Map 1) and no ZIP code list was found; near a zone boundary name the zone with territoryId`,
    }),
  ),
  { territoryId: 1000105, territoryName: 'SDG&E Climate Zone 7 (coastal San Diego)', lseId: 1000002, parentTerritoryId: 1000104, usageType: 'UTILITY_CLIMATE_ZONE', state: 'CA', deregRes: false, deregCandi: false, items: counties(true, 'San Diego'), source: `${CEC}: zone 7 covers coastal San Diego County` },

  // SMUD
  { territoryId: 1000106, territoryName: 'Service area for CA', lseId: 1000003, parentTerritoryId: null, usageType: 'SERVICE', state: 'CA', deregRes: false, deregCandi: false, items: counties(true, 'Sacramento', 'Placer'), source: `${SERVICE_MAP}: most of Sacramento County and a small part of Placer County` },
  { territoryId: 1000107, territoryName: 'SMUD Climate Zone 12', lseId: 1000003, parentTerritoryId: 1000106, usageType: 'UTILITY_CLIMATE_ZONE', state: 'CA', deregRes: false, deregCandi: false, items: counties(true, 'Sacramento'), source: `${CEC}: Sacramento lies in zone 12` },

  // Consolidated Edison
  { territoryId: 1000108, territoryName: 'Service area for NY', lseId: 1000004, parentTerritoryId: null, usageType: 'SERVICE', state: 'NY', deregRes: true, deregCandi: true, items: [...counties(false, 'New York', 'Bronx', 'Kings', 'Richmond'), ...counties(true, 'Queens', 'Westchester')], source: `${SERVICE_MAP}: New York City (the Rockaways in Queens are served by PSEG Long Island) and most of Westchester; New York has retail choice` },
  { territoryId: 1000109, territoryName: 'Con Edison Climate Zone 4A', lseId: 1000004, parentTerritoryId: 1000108, usageType: 'UTILITY_CLIMATE_ZONE', state: 'NY', deregRes: true, deregCandi: true, items: [...counties(false, 'New York', 'Bronx', 'Kings', 'Richmond'), ...counties(true, 'Queens', 'Westchester')], source: `${IECC}: 4A` },

  // Georgia Power
  { territoryId: 1000110, territoryName: 'Service area for GA', lseId: 2756, parentTerritoryId: null, usageType: 'SERVICE', state: 'GA', deregRes: false, deregCandi: false, items: [{ type: 'STATE', value: 'GA', partial: true }], source: 'Georgia Power serves most of Georgia alongside electric membership cooperatives and municipal utilities (state item, partial)' },
  { territoryId: 1000111, territoryName: 'Georgia Power Climate Zone 3A (Fulton)', lseId: 2756, parentTerritoryId: 1000110, usageType: 'UTILITY_CLIMATE_ZONE', state: 'GA', deregRes: false, deregCandi: false, items: counties(true, 'Fulton'), source: `${IECC}: Fulton County, 3A` },

  // Duke Energy Carolinas
  { territoryId: 1000112, territoryName: 'Service area for NC', lseId: 1000005, parentTerritoryId: null, usageType: 'SERVICE', state: 'NC', deregRes: false, deregCandi: false, items: [{ type: 'STATE', value: 'NC', partial: true }], source: 'Duke Energy Carolinas serves the western and central Piedmont of North Carolina (state item, partial)' },
  { territoryId: 1000113, territoryName: 'Service area for SC', lseId: 1000005, parentTerritoryId: null, usageType: 'SERVICE', state: 'SC', deregRes: false, deregCandi: false, items: [{ type: 'STATE', value: 'SC', partial: true }], source: 'Duke Energy Carolinas serves the upstate of South Carolina (state item, partial)' },
  { territoryId: 1000114, territoryName: 'Duke Energy Carolinas Climate Zone 3A (Mecklenburg)', lseId: 1000005, parentTerritoryId: 1000112, usageType: 'UTILITY_CLIMATE_ZONE', state: 'NC', deregRes: false, deregCandi: false, items: counties(true, 'Mecklenburg'), source: `${IECC}: Mecklenburg County, 3A` },

  // Commonwealth Edison
  { territoryId: 1000115, territoryName: 'Service area for IL', lseId: 1000006, parentTerritoryId: null, usageType: 'SERVICE', state: 'IL', deregRes: true, deregCandi: true, items: counties(true, 'Cook', 'DuPage', 'Lake', 'Will', 'Kane', 'McHenry', 'Kendall', 'Grundy', 'Kankakee', 'DeKalb', 'LaSalle', 'Winnebago', 'Boone', 'Ogle', 'Lee'), source: `${SERVICE_MAP}: northern Illinois; partial where municipal utilities and cooperatives serve. Illinois has retail choice` },
  { territoryId: 1000116, territoryName: 'ComEd Climate Zone 5A (Cook)', lseId: 1000006, parentTerritoryId: 1000115, usageType: 'UTILITY_CLIMATE_ZONE', state: 'IL', deregRes: true, deregCandi: true, items: counties(true, 'Cook'), source: `${IECC}: Cook County, 5A` },

  // Public Service Co of Colorado
  { territoryId: 1000117, territoryName: 'Service area for CO', lseId: 1000007, parentTerritoryId: null, usageType: 'SERVICE', state: 'CO', deregRes: false, deregCandi: false, items: [...counties(false, 'Denver'), ...counties(true, 'Adams', 'Arapahoe', 'Jefferson', 'Boulder', 'Broomfield', 'Douglas', 'Weld', 'Larimer', 'Mesa', 'Summit', 'Garfield')], source: `${SERVICE_MAP}; partial where cooperatives and municipal utilities serve` },
  { territoryId: 1000118, territoryName: 'PSCo Climate Zone 5B (Denver)', lseId: 1000007, parentTerritoryId: 1000117, usageType: 'UTILITY_CLIMATE_ZONE', state: 'CO', deregRes: false, deregCandi: false, items: counties(false, 'Denver'), source: `${IECC}: Denver County, 5B` },

  // Arizona Public Service
  { territoryId: 1000119, territoryName: 'Service area for AZ', lseId: 1000008, parentTerritoryId: null, usageType: 'SERVICE', state: 'AZ', deregRes: false, deregCandi: false, items: counties(true, 'Maricopa', 'Yavapai', 'Coconino', 'Navajo', 'Apache', 'Yuma', 'Pinal', 'Gila', 'Cochise', 'La Paz'), source: `${SERVICE_MAP}; partial: shared with SRP, TEP, UniSource and cooperatives` },
  { territoryId: 1000120, territoryName: 'APS Climate Zone 2B (Maricopa)', lseId: 1000008, parentTerritoryId: 1000119, usageType: 'UTILITY_CLIMATE_ZONE', state: 'AZ', deregRes: false, deregCandi: false, items: counties(true, 'Maricopa'), source: `${IECC}: Maricopa County, 2B` },

  // Hawaiian Electric (Oahu)
  { territoryId: 1000121, territoryName: 'Service area for HI', lseId: 1000009, parentTerritoryId: null, usageType: 'SERVICE', state: 'HI', deregRes: false, deregCandi: false, items: counties(false, 'Honolulu'), source: 'Hawaiian Electric serves Oahu (the City and County of Honolulu); Maui and Hawaii Island are served by its affiliates' },
  { territoryId: 1000122, territoryName: 'Hawaiian Electric Climate Zone 1A (Oahu)', lseId: 1000009, parentTerritoryId: 1000121, usageType: 'UTILITY_CLIMATE_ZONE', state: 'HI', deregRes: false, deregCandi: false, items: counties(false, 'Honolulu'), source: `${IECC}: Honolulu County, 1A` },

  // Oncor (delivery) with TXU Energy as a retail supplier
  {
    territoryId: 1000123, territoryName: 'Service area for TX', lseId: 1000010, parentTerritoryId: null, usageType: 'SERVICE', state: 'TX', deregRes: true, deregCandi: true,
    items: counties(true, 'Dallas', 'Tarrant', 'Collin', 'Denton', 'Ellis', 'Johnson', 'Kaufman', 'Rockwall', 'Parker', 'McLennan', 'Smith', 'Midland', 'Ector'),
    otherLses: [{ lseId: 1000011, distribution: false, supplierResidential: true, supplierGeneral: true }],
    source: `${SERVICE_MAP}: north and central Texas and the Permian Basin; ERCOT competitive area, so retail providers supply energy over Oncor's wires`,
  },
  { territoryId: 1000124, territoryName: 'Oncor Climate Zone 3A (Dallas)', lseId: 1000010, parentTerritoryId: 1000123, usageType: 'UTILITY_CLIMATE_ZONE', state: 'TX', deregRes: true, deregCandi: true, items: counties(true, 'Dallas'), source: `${IECC}: Dallas County, 3A` },
  { territoryId: 1000125, territoryName: 'Service area for TX', lseId: 1000011, parentTerritoryId: null, usageType: 'SERVICE', state: 'TX', deregRes: true, deregCandi: true, items: [{ type: 'STATE', value: 'TX', partial: true }], source: 'A retail electric provider sells in the competitive (ERCOT, investor-owned wires) areas of Texas (state item, partial)' },
  { territoryId: 1000126, territoryName: 'TXU Energy Climate Zone 3A (Dallas)', lseId: 1000011, parentTerritoryId: 1000125, usageType: 'UTILITY_CLIMATE_ZONE', state: 'TX', deregRes: true, deregCandi: true, items: counties(true, 'Dallas'), source: `${IECC}: Dallas County, 3A` },

  // Pedernales Electric Cooperative
  {
    territoryId: 1000127, territoryName: 'Service area for TX', lseId: 1000012, parentTerritoryId: null, usageType: 'SERVICE', state: 'TX', deregRes: false, deregCandi: false,
    items: zips(true, `78163 76936 78124 78840 78734 78611 78657 78608 78828 78655 78628 78669 78666 78676 76950 78726 76832 76849 78607 76859
      78732 78652 78663 78006 78620 76539 78635 78832 78631 78155 78027 78880 78747 78643 76527 78672 78619 78671 78656 78645 78739 78681 78132
      76935 78133 78624 78623 78609 78613 76854 78639 78605 78070 78748 76874 78626 78654 78058 78642 78736 78750 78749 78004 76550 78610 78738
      78644 78606 78837 78641 78730 78633 78636 78737 76549 78108 78675 78735 78833 78130 76841 78640 78630 76883 78646 78135`),
    source: 'NREL U.S. Electric Utility Companies and Rates: Look-up by Zipcode (2020), ZIP codes listed for EIA id 14626; the share of each ZIP served is not given (partial)',
  },
  { territoryId: 1000128, territoryName: 'Pedernales Climate Zone 2A (Travis)', lseId: 1000012, parentTerritoryId: 1000127, usageType: 'UTILITY_CLIMATE_ZONE', state: 'TX', deregRes: false, deregCandi: false, items: counties(true, 'Travis'), source: `${IECC}: Travis County, 2A` },

  // City utility users' taxes on PG&E bills
  { territoryId: 1000201, territoryName: 'Oakland utility users tax', lseId: 734, parentTerritoryId: 807, usageType: 'UTILITY_TAX', state: 'CA', deregRes: false, deregCandi: false, items: [{ type: 'CITY', value: 'Oakland' }], source: 'City of Oakland' },
  { territoryId: 1000202, territoryName: 'San Jose utility users tax', lseId: 734, parentTerritoryId: 807, usageType: 'UTILITY_TAX', state: 'CA', deregRes: false, deregCandi: false, items: [{ type: 'CITY', value: 'San Jose' }], source: 'City of San José' },
  { territoryId: 1000203, territoryName: 'San Francisco utility users tax', lseId: 734, parentTerritoryId: 807, usageType: 'UTILITY_TAX', state: 'CA', deregRes: false, deregCandi: false, items: [{ type: 'CITY', value: 'San Francisco' }], source: 'City and County of San Francisco' },
  { territoryId: 1000204, territoryName: 'Berkeley utility users tax', lseId: 734, parentTerritoryId: 807, usageType: 'UTILITY_TAX', state: 'CA', deregRes: false, deregCandi: false, items: [{ type: 'CITY', value: 'Berkeley' }], source: 'City of Berkeley' },
];
