// The building types a typical baseline can be asked for: the original's four top-level types, and the finer
// choices of the buildingTypeResidential and buildingTypeCommercial property keys, each tied to the typical load
// profile type (load_profiles.building_type) that stands for it. Only types Ratebook has a profile for are offered.
export type BaselineClass = 'RESIDENTIAL' | 'GENERAL';

/** The baseline class standing for a tariff customer class: SPECIAL_USE (lighting, pumping) has no home's profile. */
export const BASELINE_CLASSES: Readonly<Record<string, BaselineClass>> = {
  RESIDENTIAL: 'RESIDENTIAL',
  GENERAL: 'GENERAL',
  SPECIAL_USE: 'GENERAL',
};

/** The baseline class of a customer class (anything but RESIDENTIAL is a general building). */
export const baselineClassOf = (customerClass: string): BaselineClass => BASELINE_CLASSES[customerClass] ?? 'GENERAL';

export interface BuildingType {
  id: string;
  name: string;
  description: string;
  customerClass: BaselineClass;
  /** The load_profiles.building_type whose profiles stand for it. */
  profileType: string;
}

const type = (
  id: string,
  name: string,
  customerClass: BaselineClass,
  profileType: string,
  description: string,
): BuildingType => ({ id, name, description, customerClass, profileType });

/** The finer choices (values of buildingTypeResidential and buildingTypeCommercial). */
export const RESIDENTIAL_TYPES: readonly BuildingType[] = [
  type(
    'SingleFamilyDetached',
    'Single-family detached house',
    'RESIDENTIAL',
    'SingleFamilyDetached',
    "A house of the OpenEI TMY3 residential set (Building America House Simulation Protocols), scaled to its state's average residential consumption",
  ),
  type(
    'MidriseApartment',
    'Mid-rise apartment building',
    'RESIDENTIAL',
    'MidriseApartment',
    'The DOE commercial reference mid-rise apartment building, whole building',
  ),
];
export const COMMERCIAL_TYPES: readonly BuildingType[] = [
  type('SmallOffice', 'Small office', 'GENERAL', 'SmallOffice', 'DOE commercial reference building'),
  type('MediumOffice', 'Medium office', 'GENERAL', 'MediumOffice', 'DOE commercial reference building'),
  type('RetailStore', 'Stand-alone retail', 'GENERAL', 'RetailStore', 'DOE commercial reference building'),
  type(
    'FullServiceRest',
    'Full-service (sit-down) restaurant',
    'GENERAL',
    'FullServiceRest',
    'DOE commercial reference building',
  ),
  type(
    'FastFoodRest',
    'Quick-service (fast food) restaurant',
    'GENERAL',
    'FastFoodRest',
    'DOE commercial reference building',
  ),
  type('Warehouse', 'Warehouse (non-refrigerated)', 'GENERAL', 'Warehouse', 'DOE commercial reference building'),
  type('PrimarySchool', 'Primary school', 'GENERAL', 'PrimarySchool', 'DOE commercial reference building'),
  type('Hospital', 'Hospital', 'GENERAL', 'Hospital', 'DOE commercial reference building'),
];

/**
 * The top-level types, each the finer type that stands for it. LARGE_COMMERCIAL is the hospital: the large office,
 * large hotel and secondary school of the DOE set are not among the bundled profiles (docs/api-notes/baselines.md says so).
 */
const TOP_LEVEL: Record<string, { name: string; customerClass: BaselineClass; standsFor: string }> = {
  RESIDENTIAL: { name: 'Residential', customerClass: 'RESIDENTIAL', standsFor: 'SingleFamilyDetached' },
  SMALL_COMMERCIAL: { name: 'Small commercial', customerClass: 'GENERAL', standsFor: 'SmallOffice' },
  MEDIUM_COMMERCIAL: { name: 'Medium commercial', customerClass: 'GENERAL', standsFor: 'MediumOffice' },
  LARGE_COMMERCIAL: { name: 'Large commercial', customerClass: 'GENERAL', standsFor: 'Hospital' },
};

export const BUILDING_TYPE_IDS = [
  ...Object.keys(TOP_LEVEL),
  ...RESIDENTIAL_TYPES.map((t) => t.id),
  ...COMMERCIAL_TYPES.map((t) => t.id),
];
export const BUILDING_VINTAGES = ['Pre1980', 'Post1980', 'New'] as const;

const byId = new Map([...RESIDENTIAL_TYPES, ...COMMERCIAL_TYPES].map((t) => [t.id.toLowerCase(), t]));

/**
 * The building type a request names (any case): a finer type, a top-level type, or a customer class sent as the
 * type (the original's Java client sends RESIDENTIAL or GENERAL there). Without one, the customer class's default.
 * Null when the name is none of these.
 */
export function resolveBuildingType(
  name: string | undefined,
  customerClass: BaselineClass | undefined,
): { type: BuildingType; id: string; name: string } | null {
  const key = (name ?? (customerClass === 'GENERAL' ? 'SMALL_COMMERCIAL' : 'RESIDENTIAL')).trim();
  const upper = key.toUpperCase();
  const top = TOP_LEVEL[upper === 'GENERAL' ? 'SMALL_COMMERCIAL' : upper];
  if (top)
    return {
      type: byId.get(top.standsFor.toLowerCase())!,
      id: upper === 'GENERAL' ? 'SMALL_COMMERCIAL' : upper,
      name: top.name,
    };
  const fine = byId.get(key.toLowerCase());
  return fine ? { type: fine, id: fine.id, name: fine.name } : null;
}
