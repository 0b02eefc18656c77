// The original API's clients do not all spell its paths alike: its TypeScript SDK calls `/v1/documents` and
// `/beta/calculate/history/...` from the host, beside `/rest/v1/...` for everything else. Every operation is
// registered (and documented in /openapi.json) once, under /rest; a path that names one of the original's
// versioned roots without the prefix is routed as if it had it.
const UNPREFIXED_ROOT = /^\/(?:v1|beta|public)(?:[/?#]|$)/;

/** The URL the router sees: `/rest` put in front of `/v1/...`, `/beta/...` and `/public/...`; others unchanged. */
export function withRestPrefix(url: string): string {
  return UNPREFIXED_ROOT.test(url) ? `/rest${url}` : url;
}
