'use client';

import Link from 'next/link';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  enginesQuery,
  loadMakes,
  loadModels,
  loadYears,
  modelsQuery,
  type Makes,
  type ModelYears,
  type YearEngines,
} from '@/components/vehicles/reference-data';
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

/**
 * The vehicle selector: year, make, model and (optionally) engine from the shop's reference data, or a
 * VIN decoded offline that fills in the year and the make.
 */
export function VehiclePicker({ submitLabel, onChoose, initial = null, wide = false }: VehiclePickerProps) {
  const id = useId();
  const [year, setYear] = useState(initial ? String(initial.year) : '');
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [engine, setEngine] = useState(initial?.engine ?? '');
  const [makes, setMakes] = useState<Makes>({ makes: [], makesWithParts: [] });
  // Each list remembers what it was loaded for, so a stale answer is never shown for a new choice.
  const [modelList, setModelList] = useState<{ for: string; models: ModelYears[] }>({ for: '', models: [] });
  const [engineList, setEngineList] = useState<{ for: string; years: YearEngines[] }>({ for: '', years: [] });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadMakes().then(setMakes);
  }, []);
  const forModels = modelsQuery(make);
  const forEngines = enginesQuery(make, model);
  useEffect(() => {
    if (!forModels) return;
    void loadModels(forModels).then((models) => setModelList({ for: forModels, models }));
  }, [forModels]);
  useEffect(() => {
    if (!forEngines) return;
    void loadYears(forEngines).then((years) => setEngineList({ for: forEngines, years }));
  }, [forEngines]);
  const models = forModels && modelList.for === forModels ? modelList.models : [];
  const yearEngines = forEngines && engineList.for === forEngines ? engineList.years : [];

  const modelsForYear = year ? models.filter((m) => m.years.includes(Number(year))) : models;
  const engines = yearEngines.find((entry) => entry.year === Number(year))?.engines ?? [];
  const ready = Boolean(year && make && model);
  // The chosen year and make have no model in the reference data: say so and offer the nearest years.
  const deadEnd = Boolean(make && year && models.length > 0 && modelsForYear.length === 0);
  const nearestYears = deadEnd ? nearest(Number(year), models) : [];
  const withParts = modelsForYear.filter((m) => m.yearsWithParts.includes(Number(year)));
  const withoutParts = modelsForYear.filter((m) => !m.yearsWithParts.includes(Number(year)));
  const makesWithParts = new Set(makes.makesWithParts);

  const pickYear = (value: string) => {
    setYear(value);
    if (model && !models.find((m) => m.model === model)?.years.includes(Number(value))) setModel('');
    setEngine('');
  };
  const pickMake = (value: string) => {
    setMake(value);
    setModel('');
    setEngine('');
  };

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
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-year`}>
          Year
          <select id={`${id}-year`} className={selectClass} value={year} onChange={(e) => pickYear(e.target.value)}>
            <option value="">Year</option>
            {YEARS.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-make`}>
          Make
          <select id={`${id}-make`} className={selectClass} value={make} onChange={(e) => pickMake(e.target.value)}>
            <option value="">Make</option>
            <optgroup label="We have parts for">
              {makes.makes
                .filter((m) => makesWithParts.has(m))
                .map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
            </optgroup>
            <optgroup label="No parts yet">
              {makes.makes
                .filter((m) => !makesWithParts.has(m))
                .map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
            </optgroup>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-model`}>
          Model
          <select
            id={`${id}-model`}
            className={selectClass}
            value={model}
            disabled={!make}
            onChange={(e) => {
              setModel(e.target.value);
              setEngine('');
            }}
          >
            <option value="">{deadEnd ? `No ${make} for ${year}` : 'Model'}</option>
            {year ? (
              <>
                {withParts.length > 0 && (
                  <optgroup label={`Parts for ${year}`}>
                    {withParts.map((m) => (
                      <option key={m.model} value={m.model}>
                        {m.model}
                      </option>
                    ))}
                  </optgroup>
                )}
                {withoutParts.length > 0 && (
                  <optgroup label="No parts yet">
                    {withoutParts.map((m) => (
                      <option key={m.model} value={m.model}>
                        {m.model}
                      </option>
                    ))}
                  </optgroup>
                )}
              </>
            ) : (
              modelsForYear.map((m) => (
                <option key={m.model} value={m.model}>
                  {m.model}
                  {m.yearsWithParts.length === 0 ? ' (no parts yet)' : ''}
                </option>
              ))
            )}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-engine`}>
          Engine
          <select
            id={`${id}-engine`}
            className={selectClass}
            value={engine}
            disabled={!ready || engines.length === 0}
            onChange={(e) => setEngine(e.target.value)}
          >
            <option value="">Any engine</option>
            {engines.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" className={cn(wide ? 'sm:col-span-2 lg:col-span-1' : 'col-span-2')} disabled={!ready} loading={busy}>
          {submitLabel}
        </Button>
      </form>
      {deadEnd && (
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
                  onClick={() => pickYear(String(other.year))}
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
      )}
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

/** The years of a make's models nearest to `year`: the two nearest, and the two nearest the shop has parts for. */
function nearest(year: number, models: ModelYears[]): Array<{ year: number; parts: boolean }> {
  const covered = new Set(models.flatMap((m) => m.yearsWithParts));
  const byDistance = (years: Iterable<number>) => [...years].sort((a, b) => Math.abs(a - year) - Math.abs(b - year) || b - a).slice(0, 2);
  const picked = new Set([...byDistance(new Set(models.flatMap((m) => m.years))), ...byDistance(covered)]);
  return [...picked].sort((a, b) => a - b).map((other) => ({ year: other, parts: covered.has(other) }));
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
