// The property key that coincident demand charges read (URDB coincidentratestructure): the customer's demand at the
// system's peak, which the caller gives. The URDB importer creates it when an unseeded database lacks it; the starter
// property keys list it too, so a seeded database holds it before any import.
import type { KeyDefinition } from '../../domain/properties/property-key-row.ts';

/** The key of coincident demand charges (URDB coincidentratestructure): a demand the caller gives. */
export const COINCIDENT_DEMAND_KEY: KeyDefinition = {
  keyName: 'coincidentDemand',
  displayName: 'Coincident Demand (kW)',
  family: 'peakDemand',
  keyspace: 'electricity',
  dataType: 'DEMAND',
  quantityUnit: 'kW',
  description:
    "The customer's demand, in kW, at the time of the system's coincident peak (the utility's or the grid operator's, as the tariff defines it), which coincident demand charges bill. Give it as a propertyInput (dataValue in kW); without it a calculation uses the customer's own peak in the charge's hours, an upper bound, and says so.",
  source: 'Ratebook: the quantity key of coincident demand charges imported from OpenEI URDB',
};
