// Remembers every route as it is registered: to answer 405 (path known, method not) instead of 404,
// and so a test can check that each route is in the OpenAPI document.
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import type { App } from './fastify-types.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}

export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];
  readonly #router = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });

  attach(app: App): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
      for (const method of methods) {
        this.routes.push({ method, url: route.url, hidden });
        try {
          this.#router.on(method as 'GET', route.url, () => {});
        } catch {
          // The same path and method registered twice (with and without a trailing slash) is one route.
        }
      }
    });
  }

  /** The methods that the path answers to, for the Allow header of a 405. */
  methodsFor(path: string): string[] {
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
    return methods.filter((m) => this.#router.find(m as 'GET', path) !== null);
  }
}
