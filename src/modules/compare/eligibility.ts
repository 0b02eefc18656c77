// Who may take a tariff: its APPLICABILITY properties (keyName, operator, propertyValue or minValue/maxValue), each
// answered by the customer's properties. Every answered property holding: eligible; one failing: not eligible (with
// the failing ones); some unanswered and none failing: unknown, with the questions left to answer. RATE_CRITERIA and
// the other property types choose a tariff's rates or describe it: they never decide who may take it.

/** An applicability property of a tariff, as the tariff list shows it. */
export interface ApplicabilityProperty {
  keyName: string;
  displayName: string | null;
  dataType: string | null;
  propertyTypes: string | null;
  operator: string | null;
  propertyValue: string | null;
  minValue: string | null;
  maxValue: string | null;
  choices: { displayValue?: string | null; value: string }[] | null;
}

/** One condition and the customer's answer to it (null: not answered). */
export interface Condition {
  keyName: string;
  displayName: string | null;
  dataType: string | null;
  operator: string | null;
  propertyValue: string | null;
  minValue: string | null;
  maxValue: string | null;
  choices: string[] | null;
  dataValue: string | null;
}

export type Eligibility =
  | { status: 'ELIGIBLE'; conditions: Condition[] }
  | { status: 'INELIGIBLE'; conditions: Condition[]; failed: Condition[] }
  | { status: 'UNKNOWN'; conditions: Condition[]; questions: Condition[] };

export function isApplicability(p: Pick<ApplicabilityProperty, 'propertyTypes'>): boolean {
  return (p.propertyTypes ?? '')
    .split(',')
    .map((t) => t.trim().toUpperCase())
    .includes('APPLICABILITY');
}

/** The tariff's eligibility for a customer whose answers are `answers` (keyName -> value). */
export function eligibilityOf(
  properties: readonly ApplicabilityProperty[],
  answers: ReadonlyMap<string, string>,
): Eligibility {
  const conditions: Condition[] = properties.filter(isApplicability).map((p) => ({
    keyName: p.keyName,
    displayName: p.displayName,
    dataType: p.dataType,
    operator: p.operator,
    propertyValue: p.propertyValue,
    minValue: p.minValue,
    maxValue: p.maxValue,
    choices: p.choices?.map((c) => c.value) ?? null,
    dataValue: answers.get(p.keyName) ?? null,
  }));
  const judged = conditions.map((c) => ({ c, holds: c.dataValue === null ? null : holds(c, c.dataValue) }));
  const failed = judged.filter((j) => j.holds === false).map((j) => j.c);
  if (failed.length) return { status: 'INELIGIBLE', conditions, failed };
  const questions = judged.filter((j) => j.holds === null).map((j) => j.c);
  if (questions.length) return { status: 'UNKNOWN', conditions, questions };
  return { status: 'ELIGIBLE', conditions };
}

/**
 * Whether an answer meets a condition; null when it cannot be told (an operator Ratebook does not know, or a number
 * compared with words). `=` compares numbers as numbers, booleans and words without case; a condition with no value
 * (`propertyValue` null) asks only that the key be answered.
 */
export function holds(c: Omit<Condition, 'dataValue' | 'keyName'>, answer: string): boolean | null {
  const op = (c.operator ?? '=').trim() || '=';
  const a = answer.trim();
  if (op === 'between') {
    const x = num(a);
    const lo = c.minValue === null ? -Infinity : num(c.minValue);
    const hi = c.maxValue === null ? Infinity : num(c.maxValue);
    if (x === null || lo === null || hi === null) return null;
    return x >= lo && x <= hi;
  }
  if (c.propertyValue === null) return op === '=' ? true : null;
  const v = c.propertyValue.trim();
  if (op === '=') {
    const [x, y] = [num(a), num(v)];
    if (x !== null && y !== null) return x === y;
    return a.toLowerCase() === v.toLowerCase();
  }
  const [x, y] = [num(a), num(v)];
  if (x === null || y === null) return null;
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    default:
      return null;
  }
}

function num(s: string): number | null {
  if (s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
