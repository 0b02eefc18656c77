// Starter LSEs: real utilities with public facts only. `code` is the EIA-861 utility id; names and ids of
// PG&E (734) and Georgia Power (2756, name and website as recorded) are the original API's, so clients
// keep them. Records of our own making use ids from 1,000,001, clear of the original's. Revenues, sales
// and customer counts are not bundled (null) rather than guessed; the billing-period style of each is
// unconfirmed ("Unknown", treated as the standard style).

export interface StarterLse {
  lseId: number;
  name: string;
  code: string | null;
  websiteHome: string | null;
  offeringType: 'Bundle' | 'Delivery' | 'Energy';
  ownership: string;
  serviceTypes: string;
  /** IANA zone of the service area: the zone of its tariffs. */
  timeZone: string;
  source: string;
}

const EIA = 'EIA-861 utility id; website of the utility';

export const STARTER_LSES: readonly StarterLse[] = [
  { lseId: 734, name: 'Pacific Gas & Electric Co', code: '14328', websiteHome: 'https://www.pge.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY,GAS', timeZone: 'America/Los_Angeles', source: `${EIA}; lseId as the original API` },
  { lseId: 1000001, name: 'Southern California Edison Co', code: '17609', websiteHome: 'https://www.sce.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'America/Los_Angeles', source: EIA },
  { lseId: 1000002, name: 'San Diego Gas & Electric Co', code: '16609', websiteHome: 'https://www.sdge.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY,GAS', timeZone: 'America/Los_Angeles', source: EIA },
  { lseId: 1000003, name: 'Sacramento Municipal Util Dist', code: '16534', websiteHome: 'https://www.smud.org/', offeringType: 'Bundle', ownership: 'MUNI', serviceTypes: 'ELECTRICITY', timeZone: 'America/Los_Angeles', source: EIA },
  { lseId: 1000004, name: 'Consolidated Edison Co-NY Inc', code: '4226', websiteHome: 'https://www.coned.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY,GAS', timeZone: 'America/New_York', source: EIA },
  { lseId: 2756, name: 'Georgia Power Co', code: '7140', websiteHome: 'http://www.georgiapower.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'America/New_York', source: 'Recorded original API response (lses/2756)' },
  { lseId: 1000005, name: 'Duke Energy Carolinas, LLC', code: '5416', websiteHome: 'https://www.duke-energy.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'America/New_York', source: EIA },
  { lseId: 1000006, name: 'Commonwealth Edison Co', code: '4110', websiteHome: 'https://www.comed.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'America/Chicago', source: EIA },
  { lseId: 1000007, name: 'Public Service Co of Colorado', code: '15466', websiteHome: 'https://www.xcelenergy.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY,GAS', timeZone: 'America/Denver', source: EIA },
  { lseId: 1000008, name: 'Arizona Public Service Co', code: '803', websiteHome: 'https://www.aps.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'America/Phoenix', source: EIA },
  { lseId: 1000009, name: 'Hawaiian Electric Co Inc', code: '19547', websiteHome: 'https://www.hawaiianelectric.com/', offeringType: 'Bundle', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'Pacific/Honolulu', source: EIA },
  { lseId: 1000010, name: 'Oncor Electric Delivery Company LLC', code: '44372', websiteHome: 'https://www.oncor.com/', offeringType: 'Delivery', ownership: 'INVESTOR', serviceTypes: 'ELECTRICITY', timeZone: 'America/Chicago', source: `${EIA}; transmission and distribution only in ERCOT's competitive market` },
  { lseId: 1000011, name: 'TXU Energy Retail Company LLC', code: null, websiteHome: 'https://www.txu.com/', offeringType: 'Energy', ownership: 'RETAIL_ENERGY_MARKETER', serviceTypes: 'ELECTRICITY', timeZone: 'America/Chicago', source: 'Retail electric provider certified by the PUC of Texas; EIA id not bundled' },
  { lseId: 1000012, name: 'Pedernales Electric Coop, Inc', code: '14626', websiteHome: 'https://www.pec.coop/', offeringType: 'Bundle', ownership: 'COOP', serviceTypes: 'ELECTRICITY', timeZone: 'America/Chicago', source: 'NREL U.S. Electric Utility Companies and Rates: Look-up by Zipcode (2020); EIA id' },
];
