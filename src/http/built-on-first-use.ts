// Request validators and response serializers are built when a route first needs them, not when an app starts
// (shared-validators.ts, serializer-compiler.ts): building all of some 150 routes' took 0.7 s of a server's start and
// 0.4 s of every test file's first app, most of which call a handful of routes. A served process then builds the rest
// ahead, one per turn of the event loop once it listens (`buildAhead`), so that no route's first request pays for it
// (up to ~50 ms for the largest schemas) and requests arriving meanwhile are answered between two builds.

/** The builds not made yet, by the function that makes one (it removes itself once made). */
const pending = new Set<() => void>();

/** `make`'s result, made on the first call of the function returned (or by buildAhead), then kept. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  const build = () => {
    if (!made) {
      made = { value: make() };
      pending.delete(build);
    }
    return made.value;
  };
  pending.add(build);
  return build;
}

/** Builds what is pending, one per turn of the event loop, until none is left or `stop` returns true. */
export function buildAhead(stop: () => boolean = () => false): Promise<void> {
  return new Promise((resolve) => {
    const next = () => {
      const build = pending.values().next().value;
      if (!build || stop()) return resolve();
      try {
        build();
      } catch {
        // A schema that does not build: its route's first request says so, as it would have without building ahead.
        pending.delete(build);
      }
      setImmediate(next);
    };
    setImmediate(next);
  });
}

/** How many builds are pending (the tests read it). */
export const pendingBuilds = () => pending.size;
