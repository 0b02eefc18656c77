// Total floor areas of the DOE commercial reference buildings, the buildings whose hourly profiles the typical
// baselines use (load_profiles.building_type names them). A baseline's default buildingArea, and the area a
// requested buildingArea is scaled against.
//
// Source: the header of each reference building's EnergyPlus input file, line "! Form: Area = <m2> m2 (<ft2> ft2)",
// files testfiles/10xSuite/RefBldg<Type>New2004_Chicago.idf of github.com/NREL/EnergyPlus @
// 9b462bbfc3b243b9d9b6de76e02dad8b48430657 (DOE Commercial Reference Building, new construction 90.1-2004,
// Version 1.3_5.0). Reference: Deru, M. et al. (2010), U.S. Department of Energy Commercial Reference Building Models
// of the National Building Stock, NREL/TP-5500-46861. The files ask users to credit DOE, NREL, PNNL and LBNL;
// EnergyPlus is under a BSD-3-Clause-style licence. Values are the square feet as the files state them, read on
// 2026-11-25; the square metres beside them are the files' own figures.

export const REFERENCE_BUILDING_AREA_SOURCE: string =
  'DOE Commercial Reference Buildings, new construction (90.1-2004), version 1.3_5.0: total floor area from the "Form" line of each model\'s EnergyPlus file (github.com/NREL/EnergyPlus testfiles/10xSuite/RefBldg*New2004_Chicago.idf @ 9b462bbf); Deru et al. (2010), NREL/TP-5500-46861';

/** Square feet by load profile building type (the REopt names of the DOE types). */
export const REFERENCE_BUILDING_AREA_FT2: Readonly<Record<string, number>> = Object.freeze({
  SmallOffice: 5_500, // 511 m2
  MediumOffice: 53_628, // 4,982 m2
  LargeOffice: 498_588, // 46,320 m2
  Warehouse: 52_045, // 4,835 m2
  RetailStore: 24_692, // 2,294 m2 (Stand-aloneRetail)
  StripMall: 22_500, // 2090 m2
  PrimarySchool: 73_959, // 6,871 m2
  SecondarySchool: 210_887, // 19,592 m2
  Supermarket: 45_002, // 4,181 m2 (SuperMarket)
  FastFoodRest: 2_500, // 232 m2 (QuickServiceRestaurant)
  FullServiceRest: 5_500, // 511 m2 (FullServiceRestaurant)
  Hospital: 241_351, // 22,422 m2
  Outpatient: 40_946, // 3,804 m2 (OutPatient)
  SmallHotel: 43_200, // 4,014 m2
  LargeHotel: 122_120, // 11,345 m2
  MidriseApartment: 33_742, // 3,135 m2
});
