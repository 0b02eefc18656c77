// The parts of the savings analysis' answer (AccountAnalysis) the savings page reads.

export interface Series {
  seriesId: number;
  scenario: string;
  seriesPeriod: string;
  fromDateTime: string;
  toDateTime: string;
}

export interface Assumption {
  keyName: string;
  dataValue: string | null;
  description: string | null;
}

export interface ExportPeriod {
  touName: string | null;
  exportedKWh: number;
  exportCredit: number | null;
}

export interface Measure {
  seriesId: number;
  fromDateTime: string;
  cost: number;
  qty: number;
  exportedKWh?: number;
  exportPeriods?: ExportPeriod[] | null;
}

export interface Analysis {
  currency: string;
  scenarios: { name: string; masterTariffId: number | null; tariffName: string | null; assumptions: Assumption[] }[];
  summary: {
    preTotalCost: number;
    postTotalCost: number;
    netAvoidedCost: number;
    totalSolarKWh: number;
    netAvoidedKWhPctOffset: number;
    lifetimeAvoidedCost: number;
    projectDuration: number;
    storageAvoidedCost?: number;
    lifetimeStorageAvoidedCost?: number;
    storageChargedKWh?: number;
    storageDischargedKWh?: number;
    storageCycles?: number;
  };
  series: Series[];
  seriesData: Measure[];
  weatherStation: { stationId: string } | null;
}
