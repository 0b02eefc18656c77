// What the original's TypeScript SDK (Genability/genability-js, @genability/api 3.2.2) does around a request, so its
// API tests can be ported faithfully: query strings as its queryStringify writes them (in the order given, undefined
// left out, lists comma-joined), HTTP Basic credentials, and the answer read as its BaseResponse reads it (an error
// answer's items that are ResponseErrors move to `errors`; a SingleResponse's `result` is the first result when there
// are no errors). Its own runner (jest, with axios) is not installed here, so the tests are ported, not run.
import type { TestApp } from '../helpers/test-app.ts';

export interface SdkResponse {
  status: string;
  type: string;
  count: number;
  results: any[];
  requestId?: string;
  errors?: { code: string; message: string; objectName: unknown }[];
  /** SingleResponse.result: null when there are errors or no results. */
  result: any;
  httpStatus: number;
}

type Param = string | number | boolean | readonly (string | number)[] | undefined;

/** The SDK's queryStringify: name=value pairs in order, lists as a,b, undefined left out. */
export function queryString(params: Record<string, Param> = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${name}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}

/** The SDK's isResponseError. */
export const isResponseError = (e: any): boolean =>
  e !== null && typeof e === 'object' && e.code !== undefined && e.message !== undefined && e.objectName !== undefined;

function read(data: any, httpStatus: number): SdkResponse {
  const out = { ...data, httpStatus } as SdkResponse;
  if (data.status === 'error' || data.type === 'Error') {
    const errors: SdkResponse['errors'] = [...(data.errors ?? [])];
    const results: any[] = [];
    for (const r of data.results ?? []) {
      if (isResponseError(r)) errors.push(r);
      else if (typeof r === 'string') errors.push({ code: 'SystemError', message: r, objectName: data.type });
      else results.push(r);
    }
    if (errors.length) {
      out.errors = errors;
      out.results = results;
    }
  }
  Object.defineProperty(out, 'result', {
    get: () => (out.errors?.length ? null : out.results?.length ? out.results[0] : null),
  });
  return out;
}

/** An SDK API client's requests (RestApiClient.getSingle, getPaged, post) against a test app. */
export class SdkClient {
  constructor(
    private readonly t: TestApp,
    private readonly credentials: { appId: string; appKey: string },
    /** Waits until what the server does after answering (the calculation history) is done. */
    readonly settle: () => Promise<void> = async () => {},
  ) {}

  async get(path: string, params?: Record<string, Param>): Promise<SdkResponse> {
    const qs = queryString(params);
    const res = await this.t.inject({
      method: 'GET',
      url: qs ? `${path}?${qs}` : path,
      headers: { authorization: this.t.authHeader(this.credentials), accept: 'application/json' },
    });
    return read(res.json(), res.statusCode);
  }

  async post(path: string, body: unknown): Promise<SdkResponse> {
    const res = await this.t.inject({
      method: 'POST',
      url: path,
      headers: { authorization: this.t.authHeader(this.credentials), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return read(res.json(), res.statusCode);
  }
}

/** The SDK's toTariffFromApi, which its tariff calls apply to every tariff: a rate's chargeClass string as a list. */
export function toTariffFromApi(tariff: any): any {
  for (const rate of tariff.rates ?? [])
    if (typeof rate.chargeClass === 'string') rate.chargeClass = rate.chargeClass.split(',');
  return tariff;
}

// The SDK's type guards (src/types/*.ts): the fields each says a record of its type has.
const has = (o: any, ...keys: string[]) => o !== null && typeof o === 'object' && keys.every((k) => o[k] !== undefined);
export const guards = {
  isLoadServingEntity: (o: any) => has(o, 'lseId'),
  isTerritory: (o: any) => has(o, 'territoryId', 'territoryName', 'lseId', 'lseName'),
  isSeasonGroup: (o: any) => has(o, 'seasonGroupId'),
  isSeason: (o: any) => has(o, 'seasonId'),
  isTimeOfUseGroup: (o: any) => has(o, 'lseId', 'touGroupId'),
  isTimeOfUseInterval: (o: any) => has(o, 'touId'),
  isBaseline: (o: any) =>
    has(o, 'baselineId', 'name') &&
    Object.keys(o.buildingType ?? {}).length !== 0 &&
    Object.keys(o.climateZone ?? {}).length !== 0 &&
    Object.keys(o.factors ?? {}).length !== 0,
  isGenPropertyKey: (o: any) => has(o, 'keyName'),
  isTariff: (o: any) => has(o, 'tariffId', 'masterTariffId', 'tariffCode', 'tariffName', 'lseId', 'lseName'),
  isDocument: (o: any) =>
    has(o, 'documentId', 'documentTitle', 'sourceUrl', 'sourceContentType', 'lseId', 'lseName', 'sequenceNumber'),
  isTariffDocument: (o: any) =>
    has(o, 'tariffId', 'documentId', 'documentSectionId', 'document') && guards.isDocument(o.document),
  isCalendar: (o: any) => has(o, 'calendarId', 'calendarName', 'calendarType', 'lseId'),
  isCalendarDate: (o: any) =>
    has(o, 'eventDateId', 'subKey', 'eventName', 'startDateTime', 'endDateTime', 'calendarEventId', 'lseId'),
  isPrice: (o: any) =>
    has(
      o,
      'description',
      'masterTariffId',
      'fromDateTime',
      'toDateTime',
      'detailLevel',
      'currency',
      'rateMean',
      'rateStandardDeviation',
    ),
  isPriceChange: (o: any) => has(o, 'name', 'fromDateTime', 'toDateTime', 'rateAmount', 'rateMeanDelta'),
  // `items != undefined` in the SDK: null fails too.
  isCalculatedCost: (o: any) =>
    has(o, 'calculatedCostId', 'masterTariffId', 'fromDateTime', 'toDateTime') && o.items != null,
  isMassCalculation: (o: any) => has(o, 'fromDateTime', 'toDateTime', 'scenarios'),
  isCalculatedCostRequest: (o: any) =>
    has(o, 'masterTariffId', 'fromDateTime', 'toDateTime') && o.type === 'CalculationRequest',
};
