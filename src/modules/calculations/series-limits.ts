// How long a series a request may send: a year of one-minute values; longer series are a 400.
export const MAX_SERIES_LENGTH = 527_040;
