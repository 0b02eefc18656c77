// How long a series a request may send, and how many intervals a calculation's grid may have: a year of one-minute
// values either way; more is a 400.
export const MAX_SERIES_LENGTH = 527_040;
/** The most intervals a calculation's grid may have (the range over a usage or solar series' step). */
export const MAX_INTERVALS = 527_040;
