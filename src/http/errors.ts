// The API's failures, each carrying what the error envelope needs. Every 4xx of Ratebook is one of these.

/** Error codes, one per kind of failure; listed in docs/api-notes/errors-and-limits.md. */
export const ErrorCode = {
  MissingArgument: 'MissingArgument',
  InvalidArgument: 'InvalidArgument',
  InvalidJson: 'InvalidJson',
  Unauthenticated: 'Unauthenticated',
  NotAuthorized: 'NotAuthorized',
  ObjectNotFound: 'ObjectNotFound',
  RouteNotFound: 'RouteNotFound',
  MethodNotAllowed: 'MethodNotAllowed',
  PayloadTooLarge: 'PayloadTooLarge',
  UnsupportedMediaType: 'UnsupportedMediaType',
  RateLimited: 'RateLimited',
  SimulatedError: 'SimulatedError',
  ServiceUnavailable: 'ServiceUnavailable',
  ServerError: 'ServerError',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorItem {
  code: ErrorCode;
  message: string;
  objectName: string | null;
  propertyName: string | null;
  propertyValue: string | null;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly item: ErrorItem;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    item: Omit<ErrorItem, 'objectName' | 'propertyName' | 'propertyValue'> & Partial<ErrorItem>,
    headers: Record<string, string> = {},
  ) {
    super(item.message);
    this.statusCode = statusCode;
    // Field order as the envelope documents it: code, message, objectName, propertyName, propertyValue.
    this.item = {
      code: item.code,
      message: item.message,
      objectName: item.objectName ?? null,
      propertyName: item.propertyName ?? null,
      propertyValue: item.propertyValue ?? null,
    };
    this.headers = headers;
  }
}

const show = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** 400: a parameter has a value Ratebook cannot use. */
export function invalidArgument(
  propertyName: string,
  propertyValue: unknown,
  message: string,
  objectName: string | null = null,
): ApiError {
  return new ApiError(400, {
    code: ErrorCode.InvalidArgument,
    message,
    propertyName,
    propertyValue: show(propertyValue),
    objectName,
  });
}

/** 400: a required parameter is absent. */
export function missingArgument(
  propertyName: string,
  message = `${propertyName} is required`,
  objectName: string | null = null,
): ApiError {
  return new ApiError(400, { code: ErrorCode.MissingArgument, message, propertyName, objectName });
}

/** 404: the named object does not exist (or is not visible to the caller). */
export function notFound(objectName: string, propertyName: string, propertyValue: unknown): ApiError {
  return new ApiError(404, {
    code: ErrorCode.ObjectNotFound,
    message: `${objectName} with ${propertyName} ${show(propertyValue)} was not found`,
    objectName,
    propertyName,
    propertyValue: show(propertyValue),
  });
}

export function unauthenticated(message: string): ApiError {
  return new ApiError(
    401,
    { code: ErrorCode.Unauthenticated, message },
    { 'www-authenticate': 'Basic realm="ratebook", charset="UTF-8"' },
  );
}

export function notAuthorized(tier: string): ApiError {
  return new ApiError(403, {
    code: ErrorCode.NotAuthorized,
    message: `This operation needs the ${tier} permission tier, which this application does not have`,
    propertyName: 'tier',
    propertyValue: tier,
  });
}
