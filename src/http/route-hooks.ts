// A route's hooks of one kind as an array: Fastify's route options hold none, one function or an array. Plugins that
// add a hook to each route as it is registered (authentication, calculation history) append to this, as a new array.
type Hooks<T> = T | T[] | undefined;

export const hookList = <T>(hooks: Hooks<T>): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
