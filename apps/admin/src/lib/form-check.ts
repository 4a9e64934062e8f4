/**
 * What the back office's forms share (products, offers): a form checked as the API will check it gives the request or
 * its problems, one per field, each a message key the screen says in its own language; react-hook-form gets them
 * through one resolver.
 */
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { MessageKey } from '../messages/en';

/** A problem on a form: the field's path (`sizes.root` for a group as a whole) and what to say about it. */
export type FormProblem = { path: string; message: MessageKey };

export type FormCheck<Request> = { request: Request; problems: [] } | { request: null; problems: FormProblem[] };

/** The first problem of each field: one message under a field at a time. */
export const firstPerField = (problems: FormProblem[]) =>
  problems.filter((problem, index) => problems.findIndex((other) => other.path === problem.path) === index);

/**
 * A resolver from a form's check: the checked request as the submitted values, or the problems as field errors whose
 * message is a message key (the API's own words, set later, have type 'server').
 */
export function checkedResolver<Form extends FieldValues, Request>(
  check: (form: Form) => FormCheck<Request>,
): Resolver<Form, unknown, Request> {
  return (values) => {
    const checked = check(values);
    if (checked.request !== null) return { values: checked.request, errors: {} };
    const errors: FieldErrors<Form> = {};
    for (const problem of checked.problems) set(errors, problem.path, { type: 'client', message: problem.message });
    return { values: {}, errors };
  };
}

/**
 * A number as typed, Arabic-Indic digits and separators included ("١٢٥٠٫٥" is 1250.5); NaN when it is not one (an
 * empty field too, which `Number` would read as 0).
 */
export function readNumber(typed: string): number {
  const text = typed
    .trim()
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace('٫', '.')
    .replace(/[,٬]/g, '');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
}
