// TypeBox pieces for the query parameters every list accepts (spec "Common conventions").
import { Type, type TSchema } from '@sinclair/typebox';

/** The largest page a client may ask for; larger requests are a 400 naming pageCount. */
export const MAX_PAGE_COUNT = 1000;
/** Ids are 32-bit integers in both engines; a larger number is a 400, not a database error. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id parameter or body field. */
export const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, ...(description ? { description } : {}) });
export const DEFAULT_PAGE_COUNT = 25;

/** A list parameter: comma-separated and/or repeated. */
export const StringList = (description: string) => Type.Array(Type.String(), { description });

export const PagingQuery = {
  pageStart: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Index of the first item, 0-based' }),
  ),
  pageCount: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_COUNT,
      description: `Items per page (default ${DEFAULT_PAGE_COUNT}, at most ${MAX_PAGE_COUNT})`,
    }),
  ),
};

export const SearchQuery = {
  search: Type.Optional(Type.String({ description: 'Text to search for (contains, case-insensitive)' })),
  searchOn: Type.Optional(StringList('Fields to search (comma list); default the name field')),
  startsWith: Type.Optional(Type.Boolean({ description: 'Match the start of the field only' })),
  endsWith: Type.Optional(Type.Boolean({ description: 'Match the end of the field only' })),
  isRegex: Type.Optional(Type.Boolean({ description: 'search is a regular expression (case-insensitive)' })),
};

export const SortQuery = {
  sortOn: Type.Optional(StringList('Fields to sort on (comma list)')),
  sortOrder: Type.Optional(StringList('ASC or DESC; one value, or one per sortOn field')),
};

export const FieldsQuery = {
  fields: Type.Optional(Type.String({ description: 'ext adds the extended (E) fields' })),
};

/** Paging, search, sort and fields: what every list operation accepts. */
export const ListQuery = { ...PagingQuery, ...SearchQuery, ...SortQuery, ...FieldsQuery };

export interface ListQueryValues {
  pageStart?: number;
  pageCount?: number;
  search?: string;
  searchOn?: string[];
  startsWith?: boolean;
  endsWith?: boolean;
  isRegex?: boolean;
  sortOn?: string[];
  sortOrder?: string[];
  fields?: string;
}

export const query = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties);
