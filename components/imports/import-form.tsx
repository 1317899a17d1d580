'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { IMPORT_FORMAT_NAMES } from '@/lib/validations/imports';

const FORMAT_LABELS: Record<(typeof IMPORT_FORMAT_NAMES)[number], string> = {
  pies: 'PIES (products, XML)',
  aces: 'ACES (fitment, XML)',
  vcdb: 'VCdb extract (vehicles: tables or a zip)',
  csv: 'The shop’s CSV (parts or fitment)',
};

type Source = 'file' | 'url';
type Errors = Partial<Record<'file' | 'url' | 'format' | 'priceType' | 'corePriceType', string>>;

/** Sends the form: the file as multipart (the server streams it to disk), or the URL as JSON. */
async function send(source: Source, form: HTMLFormElement) {
  const data = new FormData(form);
  if (source === 'file') {
    const body = new FormData();
    body.set('format', String(data.get('format') ?? ''));
    body.set('priceType', String(data.get('priceType') ?? ''));
    body.set('corePriceType', String(data.get('corePriceType') ?? ''));
    const file = data.get('file');
    if (file instanceof File && file.size > 0) body.set('file', file);
    return fetchJson<{ id: string }>('/api/admin/imports', { method: 'POST', body });
  }
  const json = {
    url: String(data.get('url') ?? ''),
    format: String(data.get('format') ?? ''),
    priceType: String(data.get('priceType') ?? ''),
    corePriceType: String(data.get('corePriceType') ?? ''),
  };
  return fetchJson<{ id: string }>('/api/admin/imports', { method: 'POST', json });
}

/** The form's sending: a 400's field errors go under their inputs, an accepted import is selected on the page. */
function useImportSubmit(source: Source) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const res = await send(source, form);
    setBusy(false);
    if (!res.ok) {
      const fieldErrors = res.data.fieldErrors ?? {};
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([key, messages]) => [key, messages[0]])));
      if (!Object.keys(fieldErrors).length) await alertError(res.data.error ?? 'The import could not be started');
      return;
    }
    setErrors({});
    form.reset();
    toast.success('Import queued: the validation starts in a moment');
    router.push(`/dashboard/imports?id=${res.data.id}`);
    router.refresh();
  }
  return { errors, busy, onSubmit };
}

/** Where the file comes from: the choice, then the file picker or the address. */
function SourceFields({ source, onSource, errors }: { source: Source; onSource: (source: Source) => void; errors: Errors }) {
  return (
    <>
      <fieldset className="md:col-span-2">
        <legend className="text-sm font-medium text-slate-700">Where the file is</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(['file', 'url'] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input type="radio" name="source" value={value} checked={source === value} onChange={() => onSource(value)} />
              {value === 'file' ? 'Upload a file' : 'An https address'}
            </label>
          ))}
        </div>
      </fieldset>
      {source === 'file' ? (
        <Field id="file" label="File" error={errors.file}>
          <input id="file" name="file" type="file" className={inputClass} {...describedBy('file', errors.file)} />
        </Field>
      ) : (
        <Field id="url" label="File address (https)" error={errors.url} hint="Only hosts the shop allows (IMPORT_URL_HOSTS)">
          <input
            id="url"
            name="url"
            type="url"
            inputMode="url"
            className={inputClass}
            placeholder="https://"
            {...describedBy('url', errors.url)}
          />
        </Field>
      )}
    </>
  );
}

type PriceTypeFieldProps = { name: 'priceType' | 'corePriceType'; label: string; hint: string; errors: Errors };

/** A PIES price type code to read from the file (RET, LST...). */
function PriceTypeField({ name, label, hint, errors }: PriceTypeFieldProps) {
  return (
    <Field id={name} label={label} error={errors[name]} hint={hint}>
      <input id={name} name={name} className={inputClass} maxLength={4} autoComplete="off" {...describedBy(name, errors[name])} />
    </Field>
  );
}

/** Starts an import: a file from this computer or an https address, its format, and for PIES the price type. */
export function ImportForm() {
  const [source, setSource] = useState<Source>('file');
  const { errors, busy, onSubmit } = useImportSubmit(source);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New import"
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6 md:grid-cols-2"
    >
      <SourceFields source={source} onSource={setSource} errors={errors} />
      <Field id="format" label="Format" error={errors.format}>
        <select id="format" name="format" className={inputClass} defaultValue="" {...describedBy('format', errors.format)}>
          <option value="" disabled>
            Choose…
          </option>
          {IMPORT_FORMAT_NAMES.map((format) => (
            <option key={format} value={format}>
              {FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
      </Field>
      <PriceTypeField
        name="priceType"
        label="PIES price type (optional)"
        hint="RET, LST, JBR … the price the shop sells at"
        errors={errors}
      />
      <PriceTypeField
        name="corePriceType"
        label="PIES core charge price type (optional)"
        hint="The price type your supplier sends core charges as; blank leaves core charges as they are"
        errors={errors}
      />
      <div className="md:col-span-2">
        <Button type="submit" loading={busy}>
          Validate
        </Button>
      </div>
    </form>
  );
}
