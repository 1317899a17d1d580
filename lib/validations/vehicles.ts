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

/** A part asks at most three fit questions (lib/catalog/fit-questions.ts). */
export const MAX_FIT_QUESTIONS = 3;

// The vehicle's names go into the line's text, and so into the order's emails: one line each.
const CONTROL = /\p{Cc}/u;

/** The fit a buyer confirmed for a cart line: the vehicle and the answers to the part's questions, in order. */
export const lineFitSchema = z
  .object({
    vehicle: vehicleChoiceSchema.refine(
      (vehicle) => ![vehicle.make, vehicle.model, vehicle.engine ?? ''].some((name) => CONTROL.test(name)),
      'The vehicle must be on one line',
    ),
    answers: z
      .array(z.string({ error: 'An answer must be text' }).trim().min(1, 'An answer is empty').max(300, 'An answer is too long'), {
        error: 'Answers must be a list',
      })
      .max(MAX_FIT_QUESTIONS, `At most ${MAX_FIT_QUESTIONS} answers`),
  })
  .strict();
export type LineFitInput = z.infer<typeof lineFitSchema>;
/** The fit as a browser sends it (an engine may be null: "Any engine"). */
export type LineFitRequest = z.input<typeof lineFitSchema>;
