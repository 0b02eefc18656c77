import { Type } from '@sinclair/typebox';
import { Id, ListQuery, StringList } from '../../http/query-schemas.ts';
import { DOCUMENT_TYPES } from '../../domain/documents/document-writer.ts';

const NString = Type.Union([Type.String(), Type.Null()]);
const NInt = Type.Union([Type.Integer(), Type.Null()]);

/** The original's DocumentSection. Ratebook holds no sections (see docs/api-notes/tariffs.md, "Tariff documents"): always an empty list. */
export const DocumentSectionSchema = Type.Object({
  documentSectionId: Type.Integer(),
  documentId: Type.Integer(),
  sectionHeading: NString,
  sectionType: NString,
  startPage: NInt,
  customerClass: NString,
  revised: Type.Boolean(),
});

export const CoveredTariffSchema = Type.Object({
  tariffId: Type.Integer(),
  masterTariffId: Type.Integer(),
  tariffCode: NString,
  tariffName: Type.String(),
  effectiveDate: Type.String({ description: "The version's effective date (local, YYYY-MM-DD)" }),
});

export const DocumentSchema = Type.Object({
  documentId: Type.Integer(),
  documentTitle: Type.String(),
  sourceUrl: Type.String({
    description: 'Where the document is published (for a file inside a tariff-book page, that page)',
  }),
  sourceContentType: NString,
  lseId: NInt,
  lseName: NString,
  sequenceNumber: Type.Union([Type.Integer(), Type.Null()], {
    description: "Always null: Ratebook keeps no sequence of an LSE's documents",
  }),
  documentType: Type.String({ description: `Ratebook extension: ${DOCUMENT_TYPES.join(', ')}` }),
  effectiveDate: Type.Union([Type.String(), Type.Null()], {
    description:
      'Ratebook extension: the local date the document took effect (YYYY-MM-DD); null when its source does not say',
  }),
  tariffs: Type.Optional(
    Type.Array(CoveredTariffSchema, {
      description: "Ratebook extension: the tariff versions the document covers (absent inside a tariff's documents)",
    }),
  ),
  sections: Type.Optional(
    Type.Array(DocumentSectionSchema, {
      description:
        "With populateSections (or populateDocumentSections): the document's sections; none are held, so an empty list",
    }),
  ),
});

/** A tariff version's document, as the original's Tariff.documents[] carries it. */
export const TariffDocumentSchema = Type.Object({
  tariffId: Type.Integer(),
  documentId: Type.Integer(),
  documentSectionId: Type.Union([Type.Integer(), Type.Null()], { description: 'Always null: no sections are held' }),
  document: DocumentSchema,
});

export const DocumentListQuery = Type.Object({
  ...ListQuery,
  lseId: Type.Optional(Id('Documents of this LSE')),
  masterTariffId: Type.Optional(Id('Documents covering a version of this tariff')),
  tariffId: Type.Optional(Id('Documents covering this tariff version')),
  documentTypes: Type.Optional(StringList(`Comma list of ${DOCUMENT_TYPES.join(', ')}`)),
});

const PopulateSections = {
  populateSections: Type.Optional(
    Type.Boolean({ default: false, description: "Add the document's sections (none are held: an empty list)" }),
  ),
  populateDocumentSections: Type.Optional(
    Type.Boolean({ default: false, description: "The original TypeScript client's name of populateSections" }),
  ),
};

export const SEARCH_KEYS = ['documentId', 'documentSectionId', 'priorDocumentId'] as const;

export const DocumentParams = Type.Object({ documentId: Id() });
export const DocumentOneQuery = Type.Object({
  ...PopulateSections,
  searchKey: Type.Optional(
    Type.String({
      description: `What the id in the path is: ${SEARCH_KEYS.join(', ')} (default documentId). No sections or prior documents are held, so the other two find nothing (404)`,
    }),
  ),
  fields: Type.Optional(
    Type.String({ description: "Accepted for the original's clients (which send fields=ext); the answer is the same" }),
  ),
});
