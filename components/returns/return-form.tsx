'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { fetchJson, signOutOnAuthError } from '@/lib/client/fetch-json';
import type { OrderDTO } from '@/lib/orders/types';
import type { ReturnDTO } from '@/lib/returns/types';
import { decodeVehicle, VEHICLE_COOKIE } from '@/lib/vehicles/cookie';
import { RETURN_REASON_LABELS, RETURN_REASONS, returnRequestSchema, type ReturnReason } from '@/lib/validations/returns';

export const RETURN_REQUESTED = 'Return requested: we answer by email within two working days';
const OPEN = new Set(['requested', 'approved', 'received']);

export type ReturnFormProps = {
  order: Pick<OrderDTO, '_id' | 'lines'>;
  returns: ReturnDTO[];
  /** A guest's signed order link: the request carries it instead of a session. */
  token?: string;
  /** A line to start with, "does not fit" chosen and its vehicle filled in (where a No to "Did it fit?" leads). */
  unfit?: string | null;
};

/** What each line may still send back (`core`: its cores, on lines with a deposit): bought less settled, none while a request
 * for it is open. */
export function returnableLines(order: ReturnFormProps['order'], returns: ReturnDTO[], core = false) {
  const settled = new Set(core ? ['refunded', 'forfeited'] : ['refunded']);
  return order.lines
    .filter((line) => !core || line.core)
    .map((line) => {
      const ofLine = (returned: ReturnDTO['lines'][number]) => returned.partId === line.partId && Boolean(returned.core) === core;
      const mine = returns.filter((ret) => ret.lines.some(ofLine));
      const back = mine.filter((ret) => settled.has(ret.state)).reduce((sum, ret) => sum + ret.lines.find(ofLine)!.quantity, 0);
      return { ...line, left: line.quantity - back, open: mine.some((ret) => OPEN.has(ret.state)) };
    });
}

/** The first message per field, keyed as the server's `fieldErrors` (`lines.0.quantity`). */
function firstErrors(issues: Array<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return errors;
}

/** The chosen vehicle of the selector, as words, to pre-fill "does not fit". */
function activeVehicle(): string {
  const entry = document.cookie.split(';').find((part) => part.trim().startsWith(`${VEHICLE_COOKIE}=`));
  const vehicle = decodeVehicle(entry?.trim().slice(VEHICLE_COOKIE.length + 1));
  return vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.engine].filter(Boolean).join(' ') : '';
}

/** The form's first state: empty, or (a No to "Did it fit?") one piece of the `unfit` line, "does not fit" and its vehicle. */
function presetOf(lines: ReturnType<typeof returnableLines>, unfit: string | null) {
  const line = lines.find((candidate) => candidate.partId === unfit && !candidate.open);
  return {
    quantities: (line ? { [line.partId]: 1 } : {}) as Record<string, number>,
    values: { reason: line ? 'does-not-fit' : '', note: '', vehicle: line?.fit?.vehicle ?? '', vin: '', mismatch: '' },
  };
}

/** The request as the API takes it: the vehicle, VIN and what did not match only for "does not fit", empty fields left out. */
function requestBody(chosen: Array<{ partId: string }>, quantities: Record<string, number>, values: ReturnType<typeof presetOf>['values']) {
  const unfit = values.reason === 'does-not-fit';
  return {
    lines: chosen.map((line) => ({ partId: line.partId, quantity: quantities[line.partId]! })),
    reason: values.reason,
    ...(values.note.trim() ? { note: values.note } : {}),
    ...(unfit && values.vehicle.trim() ? { vehicle: values.vehicle } : {}),
    ...(unfit && values.vin.trim() ? { vin: values.vin } : {}),
    ...(unfit ? { mismatch: values.mismatch } : {}),
  };
}

/** "Return parts": lines and quantities, a reason and a note; "does not fit" asks the vehicle (or VIN) and what did not match. */
export function ReturnForm({ order, returns, token, unfit = null }: ReturnFormProps) {
  const id = useId();
  const router = useRouter();
  const partLines = returnableLines(order, returns).filter((line) => line.left > 0);
  const coreLines = returnableLines(order, returns, true).filter((line) => line.left > 0);
  const [quantities, setQuantities] = useState(() => presetOf(partLines, unfit).quantities);
  const [values, setValues] = useState(() => presetOf(partLines, unfit).values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!partLines.length && !coreLines.length) return null;
  // A core return sends back the old parts of lines with a deposit, counted apart from the parts themselves.
  const lines = values.reason === 'core-return' ? coreLines : partLines;

  const chosen = lines.filter((line) => (quantities[line.partId] ?? 0) > 0);
  const set = (field: keyof typeof values, value: string) => setValues((before) => ({ ...before, [field]: value }));
  function chooseReason(reason: string) {
    if ((reason === 'core-return') !== (values.reason === 'core-return')) setQuantities({});
    set('reason', reason);
    if (reason === 'does-not-fit' && !values.vehicle) set('vehicle', chosen.find((line) => line.fit)?.fit?.vehicle ?? activeVehicle());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = returnRequestSchema.safeParse(requestBody(chosen, quantities, values));
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    setBusy(true);
    const res = await fetchJson<ReturnDTO>(`/api/orders/${order._id}/returns`, {
      method: 'POST',
      json: parsed.data,
      headers: token ? { 'X-Order-Token': token } : {},
    });
    setBusy(false);
    if (!token && (await signOutOnAuthError(res.status))) return;
    if (res.ok) {
      toast.success(RETURN_REQUESTED);
      setQuantities({});
      setErrors({});
      router.refresh();
    } else if (res.status === 400 && res.data.fieldErrors) {
      setErrors(Object.fromEntries(Object.entries(res.data.fieldErrors).map(([key, messages]) => [key, messages[0] ?? ''])));
    } else toast.error(res.data.error ?? 'The return could not be requested');
  }

  const lineError = (partId: string) => errors[`lines.${chosen.findIndex((line) => line.partId === partId)}.quantity`];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Return parts
      </h3>
      <LineQuantities
        id={id}
        lines={lines}
        quantities={quantities}
        errors={errors}
        lineError={lineError}
        setQuantity={(partId, quantity) => setQuantities((before) => ({ ...before, [partId]: quantity }))}
      />
      <ReasonField id={id} value={values.reason} error={errors.reason} choose={chooseReason} />
      {values.reason === 'does-not-fit' && <UnfitFields id={id} values={values} errors={errors} set={set} />}
      <Field id={`${id}-note`} label="Note (optional)" error={errors.note}>
        <textarea
          id={`${id}-note`}
          rows={2}
          value={values.note}
          onChange={(event) => set('note', event.target.value)}
          className={inputClass}
        />
      </Field>
      <Button type="submit" variant="dark" loading={busy}>
        Ask to return
      </Button>
    </form>
  );
}

type UnfitProps = {
  id: string;
  values: { vehicle: string; vin: string; mismatch: string };
  errors: Record<string, string>;
  set: (field: 'vehicle' | 'vin' | 'mismatch', value: string) => void;
};

function UnfitFields({ id, values, errors, set }: UnfitProps) {
  const fields = [
    ['vehicle', 'Vehicle it did not fit', 'Year, make, model and engine'],
    ['vin', 'Or its VIN', '17 letters and digits'],
    ['mismatch', 'What did not match', 'The position, the engine, the connector...'],
  ] as const;
  return (
    <>
      {fields.map(([field, label, hint]) => (
        <Field key={field} id={`${id}-${field}`} label={label} hint={hint} error={errors[field]}>
          <input
            id={`${id}-${field}`}
            value={values[field]}
            onChange={(event) => set(field, event.target.value)}
            className={inputClass}
            {...describedBy(`${id}-${field}`, errors[field])}
          />
        </Field>
      ))}
    </>
  );
}

type LineQuantitiesProps = {
  id: string;
  lines: ReturnType<typeof returnableLines>;
  quantities: Record<string, number>;
  errors: Record<string, string>;
  lineError: (partId: string) => string | undefined;
  setQuantity: (partId: string, quantity: number) => void;
};

/** A quantity per part still returnable; a part with an open request is shown but cannot be chosen again. */
function LineQuantities({ id, lines, quantities, errors, lineError, setQuantity }: LineQuantitiesProps) {
  return (
    <fieldset className="space-y-2" aria-describedby={errors.lines ? `${id}-lines-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">Parts and quantities to send back</legend>
      {lines.map((line) => (
        <Field key={line.partId} id={`${id}-${line.partId}`} label={`${line.partName} (up to ${line.left})`} error={lineError(line.partId)}>
          <input
            id={`${id}-${line.partId}`}
            type="number"
            min={0}
            max={line.left}
            disabled={line.open}
            value={quantities[line.partId] ?? 0}
            onChange={(event) => setQuantity(line.partId, Number(event.target.value))}
            className={inputClass}
            {...describedBy(`${id}-${line.partId}`, lineError(line.partId))}
          />
          {line.open && <p className="text-xs text-slate-500">A return request for this part is open.</p>}
        </Field>
      ))}
      {errors.lines && (
        <p id={`${id}-lines-error`} role="alert" className="text-sm text-red-600">
          {errors.lines}
        </p>
      )}
    </fieldset>
  );
}

/** The reason, from the shop's list. */
function ReasonField({ id, value, error, choose }: { id: string; value: string; error?: string; choose: (reason: string) => void }) {
  return (
    <Field id={`${id}-reason`} label="Reason" error={error}>
      <select
        id={`${id}-reason`}
        value={value}
        onChange={(event) => choose(event.target.value)}
        className={inputClass}
        {...describedBy(`${id}-reason`, error)}
      >
        <option value="">Choose a reason</option>
        {RETURN_REASONS.map((reason: ReturnReason) => (
          <option key={reason} value={reason}>
            {RETURN_REASON_LABELS[reason]}
          </option>
        ))}
      </select>
    </Field>
  );
}
