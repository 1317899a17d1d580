'use client';

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { alertError, alertSuccess, confirmDialog, type ConfirmOptions } from '@/lib/client/alerts';
import { fetchJson, signOutOnAuthError, type JsonResult } from '@/lib/client/fetch-json';

type FormTarget<F extends FieldValues> = {
  setError: UseFormSetError<F>;
  /** The form's own field names: a server error for one of them is shown under its input. */
  fields: ReadonlyArray<Path<F>>;
  /** The request body nests the fields under this key (`profileInfo` for the profile update). */
  prefix?: string;
};

export type SubmitResult<T> = JsonResult<T> & { fieldErrorsShown: boolean };

/** Sends a form's values; a 400's `fieldErrors` go under their inputs, leaving toasts and alerts for everything else. */
export async function submitJson<T, F extends FieldValues>(
  url: string,
  init: Parameters<typeof fetchJson>[1],
  form: FormTarget<F>,
): Promise<SubmitResult<T>> {
  const res = await fetchJson<T>(url, init);
  let fieldErrorsShown = false;
  const fieldErrors = !res.ok && res.status === 400 ? res.data.fieldErrors : undefined;
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const name = form.prefix && key.startsWith(`${form.prefix}.`) ? key.slice(form.prefix.length + 1) : key;
    const field = form.fields.find((candidate) => candidate === name);
    if (!field || !messages[0]) continue;
    form.setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !fieldErrorsShown });
    fieldErrorsShown = true;
  }
  return { ...res, fieldErrorsShown };
}

/** The spec's destructive-action flow: confirm, declined alert, request, outcome. */
export async function confirmAndSend(options: {
  confirm: ConfirmOptions;
  declined: { title: string; text?: string };
  url: string;
  method: 'DELETE' | 'PUT' | 'POST';
  done: { title: string; text?: string };
  failure: string;
  /** SPEC 4: a 401 or 403 signs the user out and goes to /. */
  signOutOnAuthError?: boolean;
}): Promise<boolean> {
  if (!(await confirmDialog(options.confirm))) {
    await alertError(options.declined.title, options.declined.text);
    return false;
  }
  const res = await fetchJson(options.url, { method: options.method });
  if (options.signOutOnAuthError && (await signOutOnAuthError(res.status))) return false;
  if (!res.ok) {
    await alertError(res.data.error ?? options.failure);
    return false;
  }
  await alertSuccess(options.done.title, options.done.text);
  return true;
}
