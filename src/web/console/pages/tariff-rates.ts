// A tariff's rates as the console reads them from GET /rest/public/tariffs/{id}?populateRates=true: shared by the
// tariff page and its heatmap. The API leaves unset fields out, as the original did, hence the optional ones.
export interface Band {
  consumptionUpperLimit?: number | null;
  demandUpperLimit?: number | null;
  propertyUpperLimit?: number | null;
  applicabilityValue?: string | null;
  rateAmount: number;
  rateUnit?: string | null;
  isCredit: boolean;
}

export interface Rate {
  rateGroupName?: string | null;
  rateName?: string | null;
  chargeType?: string | null;
  chargePeriod?: string | null;
  applicabilityKey?: string | null;
  season?: {
    seasonName: string;
    seasonFromMonth: number;
    seasonFromDay: number;
    seasonToMonth: number;
    seasonToDay: number;
  } | null;
  timeOfUse?: { touName: string; touType: string; calendarId: number | null } | null;
  territory?: { territoryName: string } | null;
  rateBands: Band[];
}
