// Parameters the original API's SDKs send under another name (isBillingPeriod for billingPeriod, propertyKey for
// keyName): either name is accepted; both with different values is a 400 naming the alias, so a client never has
// one of its two values silently dropped.
import { invalidArgument } from './errors.ts';

/** The value given under `name` or its `alias` (undefined when neither); 400 naming the alias when they differ. */
export function aliased<T>(
  name: string,
  value: T | undefined,
  alias: string,
  aliasValue: T | undefined,
): T | undefined {
  if (aliasValue === undefined) return value;
  if (value !== undefined && value !== aliasValue)
    throw invalidArgument(
      alias,
      aliasValue,
      `${alias} is another name for ${name}; they were given different values (${name} ${String(value)}, ${alias} ${String(aliasValue)}): send one`,
    );
  return aliasValue;
}
