import { MAX_FIT_QUESTIONS } from '@/lib/core/part-fields';
import { z } from 'zod';
import { yearSchema } from './parts';

const name = (label: string) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(40, `${label} is too long`);

/** GET /api/vehicles: makes; `?make=` its models; `?make=&model=` its years and engines. */
export const vehicleQuerySchema = z
  .object({ make: name('Make').optional(), model: name('Model').optional() })
  .refine((query) => !query.model || query.make, {
    message: 'Give the make of the model',
    path: ['make'],
  });

/** A vehicle chosen in the selector (garage, catalog filter). */
export const vehicleChoiceSchema = z.object({
  year: z.coerce.number({ error: 'Year is Required' }).pipe(yearSchema('Year')),
  make: name('Make'),
  model: name('Model'),
  // null is "Any engine", as the browser's vehicle cookie keeps it.
  engine: z
    .string()
    .trim()
    .max(40, 'Engine is too long')
    .nullish()
    .transform((value) => value || undefined),
});
export type VehicleChoiceInput = z.infer<typeof vehicleChoiceSchema>;

export const garageActiveSchema = z.object({
  id: z.string({ error: 'Choose a vehicle' }).min(1, 'Choose a vehicle').max(80, 'Choose a vehicle'),
});

/** A vehicle as a visitor chooses it (year, make, model and maybe engine). */
export type VehicleChoice = { year: number; make: string; model: string; engine?: string | null };

/** The vehicle list's years (VCdb's first car to models announced two years ahead): wider than a part's fitment years. */
export const FIRST_VEHICLE_YEAR = 1896;
export const lastVehicleYear = (now = new Date()) => now.getUTCFullYear() + 2;
export const isVehicleYear = (year: number) => Number.isInteger(year) && year >= FIRST_VEHICLE_YEAR && year <= lastVehicleYear();
export const vehicleYearMessage = (label: string) => `${label} must be a year from ${FIRST_VEHICLE_YEAR} to ${lastVehicleYear()}`;

const vehicleYearSchema = (label: string) =>
  z.number({ error: `${label} is Required` }).refine(isVehicleYear, { error: () => vehicleYearMessage(label) });

export const VEHICLE_YEARS_REVERSED = 'The last year cannot be before the first year';
export const ENGINE_OUTSIDE_YEARS = "An engine's years must be within the vehicle's years";
export const ENGINE_REPEATED = 'This engine is listed twice';

const engineSchema = z
  .object({ name: name('Engine'), yearFrom: vehicleYearSchema('From year'), yearTo: vehicleYearSchema('To year') })
  .refine((engine) => engine.yearFrom <= engine.yearTo, { path: ['yearTo'], message: VEHICLE_YEARS_REVERSED });

const generationFields = z.object({
  make: name('Make'),
  model: name('Model'),
  yearFrom: vehicleYearSchema('From year'),
  yearTo: vehicleYearSchema('To year'),
  engines: z.array(engineSchema, { error: 'Engines must be a list' }).max(40, 'At most 40 engines'),
});

function checkGeneration(generation: z.infer<typeof generationFields>, ctx: z.RefinementCtx) {
  if (generation.yearFrom > generation.yearTo) ctx.addIssue({ code: 'custom', path: ['yearTo'], message: VEHICLE_YEARS_REVERSED });
  const seen = new Set<string>();
  generation.engines.forEach((engine, index) => {
    if (engine.yearFrom < generation.yearFrom || engine.yearTo > generation.yearTo)
      ctx.addIssue({ code: 'custom', path: ['engines', index, 'yearFrom'], message: ENGINE_OUTSIDE_YEARS });
    const key = `${engine.name.toLowerCase()}|${engine.yearFrom}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['engines', index, 'name'], message: ENGINE_REPEATED });
    seen.add(key);
  });
}

/** A generation in the admin's vehicle list: a make's model over a range of years, with its engines and their years. */
export const vehicleGenerationSchema = generationFields.superRefine(checkGeneration);
export type VehicleGenerationInput = z.infer<typeof vehicleGenerationSchema>;

/** PATCH /api/admin/vehicles: the generation by its id, with all its fields as they should be. */
export const vehicleGenerationEditSchema = generationFields
  .extend({ id: z.string({ error: 'Choose a vehicle' }).trim().min(1, 'Choose a vehicle').max(120, 'Choose a vehicle') })
  .superRefine(checkGeneration);
export type VehicleGenerationEdit = z.infer<typeof vehicleGenerationEditSchema>;

/** GET /api/admin/vehicles: one make's generations, or every make's. */
export const vehicleListQuerySchema = z.object({ make: name('Make').optional() });

// The vehicle's names go into the line's text, and so into the order's emails: one line each.
const CONTROL = /\p{Cc}/u;

/** A buyer's answers to a part's fit questions, in order. */
export const fitAnswersSchema = z
  .array(z.string({ error: 'An answer must be text' }).trim().min(1, 'An answer is empty').max(300, 'An answer is too long'), {
    error: 'Answers must be a list',
  })
  .max(MAX_FIT_QUESTIONS, `At most ${MAX_FIT_QUESTIONS} answers`);

/** The fit a buyer confirmed for a cart line: the vehicle and the answers to the part's questions, in order. */
export const lineFitSchema = z
  .object({
    vehicle: vehicleChoiceSchema.refine(
      (vehicle) => ![vehicle.make, vehicle.model, vehicle.engine ?? ''].some((name) => CONTROL.test(name)),
      'The vehicle must be on one line',
    ),
    answers: fitAnswersSchema,
  })
  .strict();
export type LineFitInput = z.infer<typeof lineFitSchema>;
/** The fit as a browser sends it (an engine may be null: "Any engine"). */
export type LineFitRequest = z.input<typeof lineFitSchema>;
