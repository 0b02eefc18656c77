// The questions of an incentive (its applicabilities) and the answers a request gives: each answer read from the
// query parameter named by the question's key, checked against the question's kind (one of its choices, or a
// number; a 400 naming the parameter otherwise), and each incentive judged ELIGIBLE, COULD_BE_ELIGIBLE (questions
// left unanswered) or INELIGIBLE (an answer fails a question), as the original's Incentive.eligibility.
import { invalidArgument } from '../../http/errors.ts';
import type { ApplicabilityRow } from './incentives.repository.ts';

export type Eligibility = 'ELIGIBLE' | 'COULD_BE_ELIGIBLE' | 'INELIGIBLE';
export type Answers = ReadonlyMap<string, string>;

const choicesOf = (q: ApplicabilityRow): string[] | null =>
  q.choices === null ? null : (JSON.parse(q.choices) as { dataValue: string }[]).map((c) => c.dataValue);

/** The answers among a query's parameters: those named by a question key. A key given twice is a 400. */
export function answersOf(query: Record<string, unknown>, keys: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, raw] of Object.entries(query)) {
    if (!keys.has(name)) continue;
    if (Array.isArray(raw)) throw invalidArgument(name, raw.join(','), `${name} is one answer: give it once`);
    if (raw === undefined || raw === null || String(raw).trim() === '') continue;
    out.set(name, String(raw).trim());
  }
  return out;
}

/** The answer in its canonical form for the question (a choice's dataValue, or a number), or a 400 naming it. */
function readAnswer(q: ApplicabilityRow, value: string): string | number {
  const choices = choicesOf(q);
  if (choices) {
    const match = choices.find((c) => c.toLowerCase() === value.toLowerCase());
    if (match === undefined)
      throw invalidArgument(q.applicability_key, value, `${q.applicability_key} is one of ${choices.join(', ')}`);
    return match;
  }
  const n = Number(value);
  if (!Number.isFinite(n))
    throw invalidArgument(
      q.applicability_key,
      value,
      `${q.applicability_key} is a number${q.quantity_unit ? ` (${q.quantity_unit})` : ''}`,
    );
  return n;
}

/** Checks every answer against every question of that key (400 naming the parameter when one cannot be read). */
export function checkAnswers(questions: Iterable<ApplicabilityRow>, answers: Answers): void {
  for (const q of questions) {
    const value = answers.get(q.applicability_key);
    if (value !== undefined) readAnswer(q, value);
  }
}

function meets(q: ApplicabilityRow, answer: string | number): boolean {
  if (typeof answer === 'number')
    return (q.min_value === null || answer >= q.min_value) && (q.max_value === null || answer <= q.max_value);
  if (q.required_value === null) return true;
  const wanted = q.operator === 'IN' ? q.required_value.split(',') : [q.required_value];
  return wanted.some((w) => w.trim().toLowerCase() === answer.toLowerCase());
}

/** An incentive's eligibility under the answers, and its questions left unanswered. */
export function eligibilityOf(
  questions: readonly ApplicabilityRow[],
  answers: Answers,
): { eligibility: Eligibility; unanswered: ApplicabilityRow[] } {
  const unanswered: ApplicabilityRow[] = [];
  let failed = false;
  for (const q of questions) {
    const value = answers.get(q.applicability_key);
    if (value === undefined) unanswered.push(q);
    else if (!meets(q, readAnswer(q, value))) failed = true;
  }
  return { eligibility: failed ? 'INELIGIBLE' : unanswered.length ? 'COULD_BE_ELIGIBLE' : 'ELIGIBLE', unanswered };
}

/** The number a quantity question was answered with, or null. */
export function quantityAnswer(answers: Answers, key: string): number | null {
  const v = answers.get(key);
  if (v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
