import { Field, inputClass } from '@/components/forms/field';

/** A value the form shows but does not send (name and email come from the account on the server). */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Field id={id} label={label}>
      <input id={id} value={value} disabled readOnly className={inputClass} />
    </Field>
  );
}
