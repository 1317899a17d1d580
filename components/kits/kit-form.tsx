'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button, RemoveButton } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { CATEGORIES } from '@/content/categories';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { kitSchema, MAX_KIT_ALTERNATIVES, MAX_KIT_LINES, type KitInput } from '@/lib/validations/kits';
import type { z } from 'zod';

/** What the kit form holds: the schema's input (empty fields as null). */
type KitFormValues = z.input<typeof kitSchema>;
/** A job as the admin API answers it (lib/kits' JobKitDTO), as far as the form needs it. */
export type EditedKit = { _id: string } & KitFormValues;

const EMPTY_OPTION = { partTypeId: null, category: null, keyword: null, position: null };
const EMPTY_LINE = { label: '', ...EMPTY_OPTION, quantity: 1, perCylinder: false, alternatives: [] };
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function useKitForm(kit?: EditedKit) {
  const router = useRouter();
  const form = useForm<KitFormValues, unknown, KitInput>({
    resolver: zodResolver(kitSchema),
    defaultValues: kit ? { name: kit.name, lines: kit.lines, position: kit.position } : { name: '', lines: [EMPTY_LINE], position: 0 },
  });
  async function onSubmit(values: KitInput) {
    const res = await submitJson<EditedKit, KitFormValues>(
      kit ? `/api/admin/kits/${kit._id}` : '/api/admin/kits',
      { method: kit ? 'PATCH' : 'POST', json: values },
      { setError: form.setError, fields: ['name', 'lines', 'position'] },
    );
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The job could not be saved');
      return;
    }
    toast.success(kit ? 'Job saved' : 'Job added');
    if (kit) router.push('/dashboard/kits');
    else form.reset({ name: '', lines: [EMPTY_LINE], position: 0 });
    router.refresh();
  }
  return { form, submit: form.handleSubmit(onSubmit) };
}

type KitFormApi = UseFormReturn<KitFormValues, unknown, KitInput>;
type OptionErrors = Partial<Record<'partTypeId' | 'category' | 'keyword' | 'position', { message?: string }>>;

/** What a line or an alternative takes and where: a part type, or a category and a word of the name; a position. */
function KindFields({
  form,
  name,
  errors,
  id,
}: {
  form: KitFormApi;
  name: `lines.${number}` | `lines.${number}.alternatives.${number}`;
  errors?: OptionErrors;
  id: (field: string) => string;
}) {
  const { register } = form;
  return (
    <>
      <Field id={id('type')} label="Part type (PCdb id)" error={errors?.partTypeId?.message} hint="Or a category below">
        <input
          id={id('type')}
          inputMode="numeric"
          className={inputClass}
          {...describedBy(id('type'), errors?.partTypeId?.message)}
          {...register(`${name}.partTypeId`, { setValueAs: numberOrNull })}
        />
      </Field>
      <Field id={id('category')} label="Category" error={errors?.category?.message}>
        <select id={id('category')} className={inputClass} {...register(`${name}.category`, { setValueAs: orNull })}>
          <option value="">None</option>
          {CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('keyword')} label="Word in the name" error={errors?.keyword?.message} hint="With a category: pad set, rotor">
        <input id={id('keyword')} className={inputClass} {...register(`${name}.keyword`, { setValueAs: orNull })} />
      </Field>
      <Field id={id('position')} label="Position" error={errors?.position?.message} hint="front, rear… or empty">
        <input id={id('position')} className={inputClass} {...register(`${name}.position`, { setValueAs: orNull })} />
      </Field>
    </>
  );
}

/** One line's inputs: what it takes, where, how many. */
function KitLineFields({ form, index, onRemove }: { form: KitFormApi; index: number; onRemove?: () => void }) {
  const { register, formState } = form;
  const errors = formState.errors.lines?.[index];
  const id = (field: string) => `lines-${index}-${field}`;
  return (
    <fieldset className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="px-1 text-sm font-semibold text-slate-700">Line {index + 1}</legend>
      <Field id={id('label')} label="Label" error={errors?.label?.message}>
        <input
          id={id('label')}
          className={inputClass}
          {...describedBy(id('label'), errors?.label?.message)}
          {...register(`lines.${index}.label`)}
        />
      </Field>
      <KindFields form={form} name={`lines.${index}`} errors={errors} id={id} />
      <Field id={id('quantity')} label="Quantity" error={errors?.quantity?.message}>
        <input
          id={id('quantity')}
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          className={inputClass}
          {...describedBy(id('quantity'), errors?.quantity?.message)}
          {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
        />
      </Field>
      <label className="flex items-center gap-2 self-end text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4" {...register(`lines.${index}.perCylinder`)} />
        One per cylinder
      </label>
      {onRemove && (
        <div className="self-end">
          <RemoveButton onClick={onRemove} label={`Remove line ${index + 1}`} />
        </div>
      )}
      <AlternativeFields form={form} line={index} />
    </fieldset>
  );
}

/** A line's alternatives, tried in order when none of the line's own kind fits: rear shoes where no rear pads do. */
function AlternativeFields({ form, line }: { form: KitFormApi; line: number }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `lines.${line}.alternatives` });
  const errors = form.formState.errors.lines?.[line]?.alternatives;
  return (
    <div className="space-y-3 sm:col-span-2 lg:col-span-4">
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="px-1 text-sm font-semibold text-slate-700">
            Line {line + 1}, alternative {index + 1}
          </legend>
          <KindFields
            form={form}
            name={`lines.${line}.alternatives.${index}`}
            errors={errors?.[index]}
            id={(field) => `lines-${line}-alternatives-${index}-${field}`}
          />
          <div className="self-end">
            <RemoveButton onClick={() => remove(index)} label={`Remove alternative ${index + 1} of line ${line + 1}`} />
          </div>
        </fieldset>
      ))}
      {errors?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.message}
        </p>
      )}
      {fields.length < MAX_KIT_ALTERNATIVES && (
        <Button type="button" variant="outline" size="sm" onClick={() => append(EMPTY_OPTION)}>
          Add an alternative to line {line + 1}
        </Button>
      )}
    </div>
  );
}

/** Add a job, or edit the one given. */
export function KitForm({ kit }: { kit?: EditedKit }) {
  const { form, submit } = useKitForm(kit);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={kit ? 'Edit job' : 'Add job'}
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <Field id="name" label="Job name" error={errors.name?.message}>
        <input id="name" className={inputClass} {...describedBy('name', errors.name?.message)} {...form.register('name')} />
      </Field>
      {fields.map((field, index) => (
        <KitLineFields key={field.id} form={form} index={index} onRemove={fields.length > 1 ? () => remove(index) : undefined} />
      ))}
      {errors.lines?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.lines.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {fields.length < MAX_KIT_LINES && (
          <Button type="button" variant="outline" onClick={() => append(EMPTY_LINE)}>
            Add a line
          </Button>
        )}
        {kit && (
          <Link href="/dashboard/kits" className="text-sm font-semibold text-brand-700 hover:underline">
            Cancel
          </Link>
        )}
        <Button type="submit" loading={isSubmitting}>
          {kit ? 'Save job' : 'Add job'}
        </Button>
      </div>
    </form>
  );
}
