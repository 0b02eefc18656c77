// The diagnostic operations' logic: which input of validate to check, and the simulated errors.
import { formatDateTime, formatLocalDateTime, parseDateTimeInput } from '../../engine/time/datetime-input.ts';
import { ApiError, ErrorCode, invalidArgument, missingArgument } from '../../http/errors.ts';
import { csvList } from '../../http/list-params.ts';
import { ECHO_ERROR_CODES } from './echo.schemas.ts';

export interface ValidateResult {
  array: string[] | null;
  integer: number | null;
  dateTime: string | null;
}

const VALIDATED = ['dateTime', 'integer', 'array'] as const;

/** Only the first of dateTime, integer and array present in the query is validated (spec). */
export function validateFirst(query: Record<string, unknown>): ValidateResult {
  const first = Object.keys(query).find((k): k is (typeof VALIDATED)[number] =>
    (VALIDATED as readonly string[]).includes(k),
  );
  const result: ValidateResult = { array: null, integer: null, dateTime: null };
  if (!first) throw missingArgument('dateTime', 'Send one of dateTime, integer or array to validate');
  const raw = query[first];
  if (first === 'dateTime') {
    const text = String(raw);
    // No tariff zone applies here: a value without offset is echoed as a local time without offset.
    const parsed = parseDateTimeInput(text, 'UTC');
    if (!parsed)
      throw invalidArgument('dateTime', text, 'dateTime must be ISO 8601, for example 2011-10-26T12:00:00-04:00');
    result.dateTime = parsed.hasOffset ? formatDateTime(parsed.value) : formatLocalDateTime(parsed.value);
  } else if (first === 'integer') {
    const text = String(raw).trim();
    const n = Number(text);
    if (!/^[+-]?\d+$/.test(text) || n < -2147483648 || n > 2147483647) {
      throw invalidArgument('integer', raw, 'integer must be a whole number from -2147483648 to 2147483647');
    }
    result.integer = n;
  } else {
    const values = csvList(raw as string[]);
    if (values.length === 0)
      throw invalidArgument('array', raw, 'array must hold at least one value (comma-separated or repeated)');
    result.array = values;
  }
  return result;
}

const SIMULATED: Record<string, string> = {
  '301': 'Moved permanently: the resource has permanently moved (simulated)',
  '400': 'Bad request: improperly formatted or missing a required parameter (simulated)',
  '403': 'Not authorized: requester may not access the resource (simulated)',
  '404': 'Not found: the resource does not exist (simulated)',
  '500': 'Server error: request could not be fulfilled (simulated)',
};

/** What GET /rest/echo/errors/{errorCode} can answer, code by code (GET /rest/echo/errors lists them). */
export function simulatedErrors(): { errorCode: string; status: number; message: string }[] {
  return ECHO_ERROR_CODES.map((errorCode) => ({
    errorCode,
    status: Number(errorCode),
    message: errorCode === '200' ? 'Success (status success, no results)' : SIMULATED[errorCode]!,
  }));
}

/** null for 200 (success); otherwise the simulated error to throw. */
export function simulatedError(errorCode: string): ApiError | null {
  if (!(ECHO_ERROR_CODES as readonly string[]).includes(errorCode)) {
    throw invalidArgument('errorCode', errorCode, `errorCode must be one of ${ECHO_ERROR_CODES.join(', ')}`);
  }
  if (errorCode === '200') return null;
  const headers: Record<string, string> = errorCode === '301' ? { location: '/rest/echo' } : {};
  return new ApiError(
    Number(errorCode),
    {
      code: ErrorCode.SimulatedError,
      message: SIMULATED[errorCode]!,
      propertyName: 'errorCode',
      propertyValue: errorCode,
    },
    headers,
  );
}
