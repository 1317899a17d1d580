'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { Makes, ModelYears } from '@/components/vehicles/reference-data';
import { useVehicleChoice } from '@/components/vehicles/use-vehicle-choice';
import { CATALOG_PATH } from '@/lib/catalog/url';
import { fetchJson } from '@/lib/client/fetch-json';
import type { VehicleChoice } from '@/lib/catalog/fitment';
import { cn } from '@/lib/core/utils';

type VinAnswer = { make: string | null; modelYear: number | null };

const THIS_YEAR = new Date().getFullYear();
/** Model years offered: next year's models back to 1950 (the fitment data's range). */
const YEARS = Array.from({ length: THIS_YEAR + 1 - 1950 + 1 }, (_, i) => THIS_YEAR + 1 - i);

const selectClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900 disabled:bg-slate-100 disabled:text-slate-500';

type VehiclePickerProps = {
  submitLabel: string;
  onChoose: (vehicle: VehicleChoice) => void | Promise<void>;
  initial?: VehicleChoice | null;
  /** Lays the fields out in a row on wide screens (the home hero). */
  wide?: boolean;
};

/** The vehicle selector: year, make, model and optional engine from the reference data, or an offline-decoded VIN. */
export function VehiclePicker({ submitLabel, onChoose, initial = null, wide = false }: VehiclePickerProps) {
  const id = useId();
  const choice = useVehicleChoice(initial);
  const { year, make, model, engine, ready, deadEnd, pickYear, pickMake } = choice;
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await onChoose({ year: Number(year), make, model, engine: engine || null });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className={cn('grid gap-3', wide ? 'sm:grid-cols-2 lg:grid-cols-5 lg:items-end' : 'grid-cols-2')}>
        <LabelledSelect id={`${id}-year`} label="Year" value={year} onChange={pickYear}>
          <option value="">Year</option>
          {optionsOf(YEARS)}
        </LabelledSelect>
        <LabelledSelect id={`${id}-make`} label="Make" value={make} onChange={pickMake}>
          <option value="">Make</option>
          <MakeOptions makes={choice.makes} />
        </LabelledSelect>
        <LabelledSelect id={`${id}-model`} label="Model" value={model} disabled={!make} onChange={choice.pickModel}>
          <option value="">{deadEnd ? `No ${make} for ${year}` : 'Model'}</option>
          <ModelOptions year={year} models={choice.modelsForYear} />
        </LabelledSelect>
        <LabelledSelect
          id={`${id}-engine`}
          label="Engine"
          value={engine}
          disabled={!ready || choice.engines.length === 0}
          onChange={choice.setEngine}
        >
          <option value="">Any engine</option>
          {optionsOf(choice.engines)}
        </LabelledSelect>
        <Button type="submit" className={cn(wide ? 'sm:col-span-2 lg:col-span-1' : 'col-span-2')} disabled={!ready} loading={busy}>
          {submitLabel}
        </Button>
      </form>
      {deadEnd && <DeadEndNotice make={make} year={year} nearestYears={choice.nearestYears} onPickYear={pickYear} />}
      <VinDecoder
        deadEnd={deadEnd}
        onDecoded={(decoded) => {
          if (decoded.modelYear) pickYear(String(decoded.modelYear));
          if (decoded.make && decoded.make !== make) pickMake(decoded.make);
        }}
      />
    </div>
  );
}

type LabelledSelectProps = {
  id: string;
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
};

function LabelledSelect({ id, label, value, disabled, onChange, children }: LabelledSelectProps) {
  return (
    <label className="text-sm font-medium text-slate-700" htmlFor={id}>
      {label}
      <select id={id} className={selectClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

const optionsOf = (values: Array<string | number>) =>
  values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));

/** The makes the shop has parts for first, then the others. */
function MakeOptions({ makes }: { makes: Makes }) {
  const covered = new Set(makes.makesWithParts);
  return (
    <>
      <optgroup label="We have parts for">{optionsOf(makes.makes.filter((m) => covered.has(m)))}</optgroup>
      <optgroup label="No parts yet">{optionsOf(makes.makes.filter((m) => !covered.has(m)))}</optgroup>
    </>
  );
}

/** With a year, the models the shop has parts for in that year first; without one, every model, marked when it has none. */
function ModelOptions({ year, models }: { year: string; models: ModelYears[] }) {
  if (!year)
    return models.map((m) => (
      <option key={m.model} value={m.model}>
        {m.model}
        {m.yearsWithParts.length === 0 ? ' (no parts yet)' : ''}
      </option>
    ));
  const withParts = models.filter((m) => m.yearsWithParts.includes(Number(year))).map((m) => m.model);
  const withoutParts = models.filter((m) => !m.yearsWithParts.includes(Number(year))).map((m) => m.model);
  return (
    <>
      {withParts.length > 0 && <optgroup label={`Parts for ${year}`}>{optionsOf(withParts)}</optgroup>}
      {withoutParts.length > 0 && <optgroup label="No parts yet">{optionsOf(withoutParts)}</optgroup>}
    </>
  );
}

type DeadEndNoticeProps = {
  make: string;
  year: string;
  nearestYears: Array<{ year: number; parts: boolean }>;
  onPickYear: (year: string) => void;
};

/** No model of the make in the chosen year: the nearest years it has, and the way to the whole catalog. */
function DeadEndNotice({ make, year, nearestYears, onPickYear }: DeadEndNoticeProps) {
  return (
    <div role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <p className="font-semibold">
        Our vehicle list has no {make} models from {year}.
      </p>
      {nearestYears.length > 0 && (
        <p className="mt-2 flex flex-wrap items-center gap-2">
          Nearest years:
          {nearestYears.map((other) => (
            <button
              key={other.year}
              type="button"
              onClick={() => onPickYear(String(other.year))}
              className="rounded-full bg-white px-3 py-1 font-semibold text-brand-700 ring-1 ring-amber-300 hover:bg-amber-100"
            >
              {other.year}
              {other.parts ? ' (parts)' : ''}
            </button>
          ))}
        </p>
      )}
      <Link href={CATALOG_PATH} className="mt-2 inline-block font-semibold text-brand-700 underline">
        Browse the whole catalog
      </Link>
    </div>
  );
}

function vinText(answer: VinAnswer, deadEnd: boolean): string {
  if (!answer.make)
    return answer.modelYear
      ? `VIN checked: model year ${answer.modelYear}. We have no parts listed for its maker yet: choose the make.`
      : 'VIN checked. We have no parts listed for its maker yet: choose the year and the make.';
  if (!answer.modelYear) return `VIN checked: a ${answer.make}. The VIN does not give its model year: choose the year, then the model.`;
  const vehicle = `a ${answer.modelYear} ${answer.make}`;
  return deadEnd ? `VIN checked: ${vehicle}.` : `VIN checked: ${vehicle}. Now choose the model.`;
}

/** A VIN, checked and decoded by the shop (offline): fills in the model year and the maker. */
function VinDecoder({ onDecoded, deadEnd }: { onDecoded: (answer: VinAnswer) => void; deadEnd: boolean }) {
  const id = useId();
  const [vin, setVin] = useState('');
  const [message, setMessage] = useState<{ error: true; text: string } | { error: false; answer: VinAnswer } | null>(null);
  const [busy, setBusy] = useState(false);

  async function decode(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const res = await fetchJson<VinAnswer>(`/api/vin/${encodeURIComponent(vin.trim() || ' ')}`);
    setBusy(false);
    if (!res.ok) return setMessage({ error: true, text: res.data.error ?? res.data.message ?? 'This VIN could not be checked' });
    onDecoded(res.data);
    setMessage({ error: false, answer: res.data });
  }

  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">Use your VIN instead</summary>
      <form onSubmit={decode} className="mt-2 flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-vin`} className="flex min-w-0 flex-1 flex-col font-medium text-slate-700">
          VIN (17 characters)
          <input
            id={`${id}-vin`}
            value={vin}
            onChange={(e) => setVin(e.target.value)}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={message ? `${id}-vin-message` : undefined}
            aria-invalid={message?.error || undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2 font-mono uppercase text-slate-900"
          />
        </label>
        <Button type="submit" variant="dark" loading={busy}>
          Check VIN
        </Button>
      </form>
      {message && (
        <p
          id={`${id}-vin-message`}
          role={message.error ? 'alert' : 'status'}
          className={cn('mt-2', message.error ? 'text-red-700' : 'text-emerald-800')}
        >
          {message.error ? message.text : vinText(message.answer, deadEnd)}
        </p>
      )}
    </details>
  );
}
