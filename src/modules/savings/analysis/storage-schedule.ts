// FIXED_SCHEDULE in the savings analysis: the battery's charge and discharge windows by hour, month and day of the
// week, written as a calculation's fixedSchedule is ({chargeTous, dischargeTous, otherwise}: POST
// /rest/v1/ondemand/calculate, storage.dispatchStrategy) and read by the same reader. A property input carries it:
// storageSchedule, its dataValue that object's JSON text (a property input's value is a string, number or boolean).
import type { Static } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import type { Schedule } from '../../../engine/storage/policies.ts';
import type { Strategy } from '../../../engine/storage/storage-bill.ts';
import { invalidArgument } from '../../../http/errors.ts';
import { finiteNumbers } from '../../../http/finite-numbers.ts';
import { readSchedule } from '../../calculations/storage-inputs.ts';
import { FixedScheduleInput } from '../../calculations/storage.schemas.ts';

const valid = finiteNumbers(new Ajv({ allErrors: false })).compile<Static<typeof FixedScheduleInput>>(
  FixedScheduleInput,
);

/** A property input and where the request holds it (inputs.ts's Placed, which imports this file). */
interface Given {
  input: { dataValue?: unknown };
  path: string;
}

/** The schedule a FIXED_SCHEDULE battery follows (null for the other strategies); 400s name the input. */
export function storageSchedule(
  strategy: Strategy,
  dispatch: Given | undefined,
  given: Given | undefined,
): Schedule | null {
  if (strategy !== 'FIXED_SCHEDULE') {
    if (given)
      throw invalidArgument(
        `${given.path}.keyName`,
        'storageSchedule',
        'storageSchedule is the windows of storageDispatch FIXED_SCHEDULE: give that too, or leave the schedule out',
      );
    return null;
  }
  if (!given)
    throw invalidArgument(
      `${dispatch!.path}.dataValue`,
      'FIXED_SCHEDULE',
      'FIXED_SCHEDULE needs its windows: give storageSchedule, {"chargeTous": [...], "dischargeTous": [...]} as a calculation\'s fixedSchedule takes them',
    );
  const field = `${given.path}.dataValue`;
  const text = String(given.input.dataValue ?? '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidArgument(
      field,
      text.slice(0, 200),
      'storageSchedule is JSON: {"chargeTous": [...], "dischargeTous": [...]}',
    );
  }
  if (!valid(value)) {
    const e = valid.errors![0]!;
    const at = e.instancePath.replace(/\/(\d+)/g, '[$1]').replaceAll('/', '.');
    throw invalidArgument(`${field}${at}`, null, `storageSchedule${at} ${e.message ?? 'is not a schedule'}`);
  }
  return readSchedule(value, field);
}
