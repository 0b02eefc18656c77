// What a calculation says when it placed the customer in one of the tariff's territories from the address: which
// territory, by what, and how to choose another. Said because most of those places are not the utility's own lists:
// SCE's baseline regions and SDG&E's climate zones are reached mostly through the ZIP code's CEC building climate zone
// standing in for the utility's map (docs/data.md), exact only away from the zones' boundaries.
import type { Assumption } from '../../engine/bill/types.ts';

/** The assumption said, in the shape the bill engine takes the caller's side's assumptions (`BillInput.noted`). */
export function placedFromAddress(
  territoryId: number,
  zipcode: string,
  from: number,
  to: number,
): Omit<Assumption, 'displayName'> {
  return {
    keyName: 'territoryId',
    dataValue: String(territoryId),
    description: `The address (ZIP code ${zipcode}) places the customer in territory ${territoryId} by the places Ratebook holds for it: a ZIP code or city a source lists, or, for SCE's baseline regions and SDG&E's climate zones, the ZIP code's California Energy Commission climate zone standing in for the utility's map (the territory's source says which); give territoryId to choose another`,
    fromDateTime: from,
    toDateTime: to,
    accuracy: 85,
  };
}
