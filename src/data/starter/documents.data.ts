// The public documents the starter tariff versions name in their `source`: rate sheets, advice letters, URDB records,
// rate indexes, filings and the pages their figures were read from. A version is linked to a document when its source
// mentions it (one of `mentions`), so the links follow the versions whatever their ids. URLs are those the sources
// give; where a source names only a file or an advice letter, the URL is the utility's own address for it, by the
// pattern of the sibling documents the sources give in full (PG&E tariff book ELEC_SCHEDS_*.pdf, rate workbooks
// Res_Inclu_TOU_*.xlsx, advice letters adviceletter/ELEC_*.pdf), or, for SCE's schedules, the tariff-book page that
// lists them (Georgia Power's TOU-REO-18 by the pattern of the tou-oa-14.pdf address cbetz/ratebook gives). Not made
// documents: references with no public address found (SCE Advice 5829-E and 5837-E, Georgia Power's TOU-REO-10 sheet,
// Xcel's PSCo_Electric_Entire_Tariff.pdf) and the GitHub transcriptions the figures were
// read through (copies, not the utilities' documents). effectiveDate is null where the source does not date it.
import type { DocumentType } from '../../domain/documents/document-writer.ts';

export interface StarterDocument {
  documentId: number;
  /** Only for a document that has no address of its own (a PDF inside a tariff-book page). */
  key?: string;
  title: string;
  url: string;
  type: DocumentType;
  lseId: number;
  effectiveDate: string | null;
  /** Text whose presence in a version's source links the version to this document. */
  mentions: readonly string[];
}

const PGE = 734;
const SCE = 1000001;
const SDGE = 1000002;
const SMUD = 1000003;
const PGE_TARIFF_BOOK = 'https://www.pge.com/tariffs/assets/pdf/tariffbook';
const PGE_RATES = 'https://www.pge.com/assets/rates/tariffs';
const PGE_ADVICE = 'https://www.pge.com/tariffs/assets/pdf/adviceletter';
const SCE_TARIFF_BOOKS = 'https://www.sce.com/regulatory/regulatory-information/tariff-books/rates-pricing-choices';
const URDB = 'https://openei.org/apps/USURDB/rate/view';

const pgeWorkbook = (documentId: number, from: string, to: string, effectiveDate: string): StarterDocument => ({
  documentId,
  title: `PG&E residential rates, tiered and time-of-use, ${effectiveDate} to ${to} (Res_Inclu_TOU_${from}.xlsx)`,
  url: `${PGE_RATES}/Res_Inclu_TOU_${from}.xlsx`,
  type: 'RATE_INDEX',
  lseId: PGE,
  effectiveDate,
  mentions: [`Res_Inclu_TOU_${from}.xlsx`],
});
const pgeSchedule = (documentId: number, schedule: string, title: string): StarterDocument => ({
  documentId,
  title: `PG&E Electric Schedule ${schedule}, ${title} (ELEC_SCHEDS_${schedule}.pdf)`,
  url: `${PGE_TARIFF_BOOK}/ELEC_SCHEDS_${schedule}.pdf`,
  type: 'RATE_SHEET',
  lseId: PGE,
  effectiveDate: '2026-03-01',
  mentions: [`ELEC_SCHEDS_${schedule}.pdf`],
});
const pgeAdvice = (documentId: number, number: string, subject: string, effectiveDate: string): StarterDocument => ({
  documentId,
  title: `PG&E Advice Letter ${number}: ${subject}`,
  url: `${PGE_ADVICE}/ELEC_${number}.pdf`,
  type: 'ADVICE_LETTER',
  lseId: PGE,
  effectiveDate,
  mentions: [`Advice ${number}`, `Advice Letter ${number}`],
});
const urdb = (documentId: number, record: string, lseId: number, name: string, effectiveDate: string | null, url = `${URDB}/${record}`): StarterDocument => ({
  documentId,
  title: `OpenEI URDB record ${record}: ${name}`,
  url,
  type: 'URDB_RECORD',
  lseId,
  effectiveDate,
  mentions: [record],
});
const page = (documentId: number, title: string, url: string, lseId: number, type: DocumentType, effectiveDate: string | null, mentions: readonly string[] = [url]): StarterDocument => ({
  documentId, title, url, type, lseId, effectiveDate, mentions,
});

export const STARTER_DOCUMENTS: readonly StarterDocument[] = [
  pgeWorkbook(1500001, '250301-250831', '2025-08-31', '2025-03-01'),
  pgeWorkbook(1500002, '250901-251231', '2025-12-31', '2025-09-01'),
  pgeWorkbook(1500003, '260101-260228', '2026-02-28', '2026-01-01'),
  pgeSchedule(1500004, 'E-1', 'Residential Services'),
  pgeSchedule(1500005, 'E-TOU-C', 'Residential Time-of-Use (Peak Pricing 4 - 9 p.m. Every Day)'),
  pgeSchedule(1500006, 'B-19', 'Medium General Demand-Metered TOU Service'),
  pgeAdvice(1500007, '7516-E', 'electric rate changes effective March 1, 2025', '2025-03-01'),
  pgeAdvice(1500008, '7684-E', 'electric rate changes effective September 1, 2025', '2025-09-01'),
  pgeAdvice(1500009, '7797-E', 'electric rate changes effective January 1, 2026', '2026-01-01'),
  pgeAdvice(1500010, '7846-E', 'electric rate changes effective March 1, 2026 (Base Services Charge)', '2026-03-01'),
  pgeAdvice(1500011, '7921-E', 'California Climate Credit timing, effective June 1, 2026', '2026-06-01'),
  pgeAdvice(1500012, '6603-E-A', 'residential baseline quantities effective June 1, 2022', '2022-06-01'),
  page(1500013, 'PG&E, Residential ELECTRIC Baseline Territories and Quantities, Effective June 1, 2022 - Present (ResElecBaselineCurrent.xlsx)', `${PGE_RATES}/ResElecBaselineCurrent.xlsx`, PGE, 'RATE_INDEX', '2022-06-01', ['ResElecBaselineCurrent.xlsx']),
  urdb(1500014, '69d92c23ac3477692606714c', PGE, 'Pacific Gas & Electric Co, E-1', null),
  {
    documentId: 1500015, key: 'sce:ELECTRIC_SCHEDULES_TOU-D.pdf', title: 'SCE Schedule TOU-D, Time-of-Use Domestic (ELECTRIC_SCHEDULES_TOU-D.pdf, in SCE\'s tariff books)',
    url: SCE_TARIFF_BOOKS, type: 'RATE_SHEET', lseId: SCE, effectiveDate: '2026-06-01', mentions: ['ELECTRIC_SCHEDULES_TOU-D.pdf'],
  },
  {
    documentId: 1500016, key: 'sce:ELECTRIC_SCHEDULES_D.pdf', title: 'SCE Schedule D, Domestic Service, Sheets 91130-E/91131-E (ELECTRIC_SCHEDULES_D.pdf, in SCE\'s tariff books)',
    url: SCE_TARIFF_BOOKS, type: 'RATE_SHEET', lseId: SCE, effectiveDate: '2026-06-01', mentions: ['ELECTRIC_SCHEDULES_D.pdf'],
  },
  page(1500017, 'SCE tariff books: rates and pricing choices', SCE_TARIFF_BOOKS, SCE, 'RATE_INDEX', null),
  page(1500018, 'SCE Tiered Rate Plan (baseline allocations by region)', 'https://www.sce.com/save-money/rates-financing/residential-rate-plans/tiered-rate-plan', SCE, 'WEB_PAGE', null),
  urdb(1500019, '66ccb7bfa7d4ef64fc07ad6b', SCE, 'Southern California Edison Co, TOU-D (4-9 PM)', null),
  urdb(1500020, '66cc9e270d535cf5c3058518', SCE, 'Southern California Edison Co, Domestic Service: D - Baseline Region 5', '2024-06-01'),
  urdb(1500021, '55fc81d7682bea28da64f9ae', SCE, 'Southern California Edison Co, Time of Use, General Service, Demand Metered, Option B: GS-2 TOU B, Single Phase', '2015-06-01', 'http://en.openei.org/apps/IURDB/rate/view/55fc81d7682bea28da64f9ae'),
  urdb(1500022, '6772cfc9b5f9d561220ececb', SDGE, 'San Diego Gas & Electric Co, TOU-DR-1 Coastal Baseline Region', '2024-09-30'),
  urdb(1500023, '6772eaee739c802b3b0a6f3d', SDGE, 'San Diego Gas & Electric Co, DR - Coastal Baseline Region', '2024-09-30'),
  page(1500024, 'SDG&E baseline allowance calculator', 'https://www.sdge.com/baseline-allowance-calculator', SDGE, 'WEB_PAGE', null),
  page(1500025, 'SMUD Residential rates', 'https://www.smud.org/Rate-Information/Residential-rates', SMUD, 'WEB_PAGE', null, ["SMUD's Residential rates page", 'SMUD Residential rates page']),
  page(1500026, 'SMUD Time-of-Day (5-8 p.m.) Rate FAQs', 'https://www.smud.org/Rate-Information/Residential-rates/Time-of-Day-5-8pm-Rate/Time-of-Day-FAQs', SMUD, 'WEB_PAGE', null),
  urdb(1500027, '62c852e709e7863b6f399106', SMUD, 'Sacramento Municipal Utility District, Residential Service R', '2022-03-01'),
  page(1500028, 'Westword, "Xcel Tries to Change Energy-Use Habits With Time of Use Rates" (March 2022)', 'https://www.westword.com/news/xcel-tries-to-change-energy-use-habits-with-time-of-use-rates-13567159', 1000007, 'ARTICLE', '2022-03-01'),
  page(1500029, 'Colorado PUC, Time of Use Rates FAQ', 'https://puc.colorado.gov/time-of-use-rates', 1000007, 'WEB_PAGE', null),
  urdb(1500030, '69bd927af5cd25efec0e9aad', 1000007, 'Public Service Co of Colorado, Residential Energy Time Of Use (Schedule RE-TOU)', '2026-01-01'),
  page(1500031, 'Hawaiian Electric, Oahu Energy Cost Recovery Clause filing, January 2020', 'https://www.hawaiianelectric.com/documents/billing_and_payment/rates/energy_cost_adjustment_filings/oahu/2020/oahu_ecrc_2020_01.pdf', 1000009, 'FILING', '2020-01-01'),
  page(1500032, 'Pedernales Electric Cooperative, PEC Summary of Rates - Rates Effective August 2009', 'http://www.pec.coop/Home/Energy_Services/Rates.aspx', 1000012, 'RATE_SHEET', '2009-08-01'),
  urdb(1500033, '67b4e33e7abe0c080a0b1171', 1000004, 'Consolidated Edison Co-NY Inc, SC-1 - Residential & Religious Service - Zone J [NYC]', '2025-02-01'),
  urdb(1500034, '6998c205a746c90e550cb23f', 1000005, 'Duke Energy Carolinas, LLC, RS (Residential Service)', '2026-01-01'),
  urdb(1500035, '679c05efaddfd4b96500e1d4', 1000006, 'Commonwealth Edison Co, BES - Residential Single Family Without Electric Space Heat Delivery Class', '2025-01-01'),
  urdb(1500036, '69a706ab7da20ea6b00d0238', 1000008, 'Arizona Public Service Co, Time-of-Use 4pm-7pm Weekdays (R-TOU-E)', '2026-02-01'),
  page(1500037, 'SDG&E Schedule TOU-DR1 Total Rates Table, effective June 1, 2026', 'https://www.sdge.com/sites/default/files/regulatory/6-1-26%20Schedule%20TOU-DR1%20Total%20Rates%20Table.pdf', SDGE, 'RATE_SHEET', '2026-06-01'),
  page(1500038, 'Georgia Power Schedule R-31, Residential Service (r.pdf)', 'https://www.georgiapower.com/content/dam/georgia-power/pdfs/tariffs/r.pdf', 2756, 'RATE_SHEET', '2026-06-01'),
  urdb(1500039, '677c384de1bf88853903410c', 2756, 'Georgia Power Co, Residential Service R-30', null),
  page(1500040, 'Con Edison Schedule for Electricity Service, P.S.C. No. 10 (electric tariff)', 'https://www.coned.com/-/media/files/coned/documents/rates/electric/psc-10/electric-tariff.pdf', 1000004, 'RATE_SHEET', '2026-02-01'),
  page(1500041, 'SDG&E Schedule DR Total Rates Table, effective June 1, 2026', 'https://www.sdge.com/sites/default/files/regulatory/6-1-26%20Schedule%20DR%20Total%20Rates%20Table.pdf', SDGE, 'RATE_SHEET', '2026-06-01'),
  page(1500043, 'SDG&E Schedule DR Total Rates Table, effective October 1, 2025', 'https://www.sdge.com/sites/default/files/regulatory/10-1-25%20Schedule%20DR%20Total%20Rates%20Table.pdf', SDGE, 'RATE_SHEET', '2025-10-01'),
  page(1500044, 'SDG&E Schedule DR Total Rates Table, effective January 1, 2026', 'https://www.sdge.com/sites/default/files/regulatory/1-1-26%20Schedule%20DR%20Total%20Rates%20Table.pdf', SDGE, 'RATE_SHEET', '2026-01-01'),
  page(1500045, 'SDG&E Schedule DR Total Rates Table, effective April 1, 2026', 'https://www.sdge.com/sites/default/files/regulatory/4-1-26%20Schedule%20DR%20Total%20Rates%20Table.pdf', SDGE, 'RATE_SHEET', '2026-04-01'),
  page(1500046, 'SDG&E Schedule TOU-DR1 Total Rates Table, effective August 1, 2026', 'https://www.sdge.com/sites/default/files/regulatory/8-1-26%20Schedule%20TOU-DR1%20Total%20Rates%20Table.pdf', SDGE, 'RATE_SHEET', '2026-08-01'),
  page(1500047, 'Pedernales Electric Cooperative, Updates to Rates Effective March 1, 2026', 'https://mypec.com/residential-rates/2026-rate-update', 1000012, 'WEB_PAGE', '2026-03-01'),
  page(1500048, 'Pedernales Electric Cooperative, Residential Rates', 'https://www.pec.coop/residential-rates/', 1000012, 'WEB_PAGE', null),
  page(1500049, 'Pedernales Electric Cooperative, Transmission Charges (TCOS pass-through)', 'https://www.pec.coop/savings/power-rush-hour/transmission-charges/', 1000012, 'WEB_PAGE', null),
  page(1500042, 'Georgia Power Schedule TOU-REO-18, Time of Use - Residential Energy Only (tou-reo-18.pdf)', 'https://www.georgiapower.com/content/dam/georgia-power/pdfs/residential-pdfs/tariffs/2025/tou-reo-18.pdf', 2756, 'RATE_SHEET', '2025-01-01'),
];

/** The starter documents a version's source mentions. */
export function documentsNamedIn(source: string): StarterDocument[] {
  return STARTER_DOCUMENTS.filter((d) => d.mentions.some((m) => source.includes(m)));
}
