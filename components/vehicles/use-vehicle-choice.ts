'use client';

import { useEffect, useState } from 'react';
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
import type { VehicleChoice } from '@/lib/catalog/fitment';

/** The makes, the chosen make's models and the chosen model's engines by year, loaded as the choice narrows. */
function useReferenceLists(make: string, model: string) {
  const [makes, setMakes] = useState<Makes>({ makes: [], makesWithParts: [] });
  // Each list remembers what it was loaded for, so a stale answer is never shown for a new choice.
  const [modelList, setModelList] = useState<{ for: string; models: ModelYears[] }>({ for: '', models: [] });
  const [engineList, setEngineList] = useState<{ for: string; years: YearEngines[] }>({ for: '', years: [] });

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
  return {
    makes,
    models: forModels && modelList.for === forModels ? modelList.models : [],
    yearEngines: forEngines && engineList.for === forEngines ? engineList.years : [],
  };
}

/** The vehicle selector's year, make, model and engine, and what the reference data offers for them. */
export function useVehicleChoice(initial: VehicleChoice | null) {
  const [year, setYear] = useState(initial ? String(initial.year) : '');
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [engine, setEngine] = useState(initial?.engine ?? '');
  const { makes, models, yearEngines } = useReferenceLists(make, model);

  const modelsForYear = year ? models.filter((m) => m.years.includes(Number(year))) : models;
  // The chosen year and make have no model in the reference data: say so and offer the nearest years.
  const deadEnd = Boolean(make && year && models.length > 0 && modelsForYear.length === 0);

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
  const pickModel = (value: string) => {
    setModel(value);
    setEngine('');
  };

  return {
    year,
    make,
    model,
    engine,
    makes,
    modelsForYear,
    engines: yearEngines.find((entry) => entry.year === Number(year))?.engines ?? [],
    ready: Boolean(year && make && model),
    deadEnd,
    nearestYears: deadEnd ? nearest(Number(year), models) : [],
    pickYear,
    pickMake,
    pickModel,
    setEngine,
  };
}

/** The years of a make's models nearest to `year`: the two nearest, and the two nearest the shop has parts for. */
function nearest(year: number, models: ModelYears[]): Array<{ year: number; parts: boolean }> {
  const covered = new Set(models.flatMap((m) => m.yearsWithParts));
  const byDistance = (years: Iterable<number>) => [...years].sort((a, b) => Math.abs(a - year) - Math.abs(b - year) || b - a).slice(0, 2);
  const picked = new Set([...byDistance(new Set(models.flatMap((m) => m.years))), ...byDistance(covered)]);
  return [...picked].sort((a, b) => a - b).map((other) => ({ year: other, parts: covered.has(other) }));
}
