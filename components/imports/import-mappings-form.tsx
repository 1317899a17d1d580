'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { type FieldArray, type FieldArrayPath, useFieldArray, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { CATEGORIES } from '@/content/categories';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button, RemoveButton } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { importMappingsSchema, type ImportMappingsFormValues, type ImportMappingsInput } from '@/lib/validations/import-mappings';

type Form = UseFormReturn<ImportMappingsFormValues, unknown, ImportMappingsInput>;

type Table = FieldArrayPath<ImportMappingsFormValues>;
type Row<T extends Table> = FieldArray<ImportMappingsFormValues, T>;

/** What sets one table's rows apart: its texts, its two fields, and the row the Add button appends. */
type MappingTable<T extends Table> = {
  name: T;
  legend: string;
  note: string;
  idField: keyof Row<T> & string;
  idLabel: string;
  numericId: boolean;
  nameField: keyof Row<T> & string;
  nameLabel: string;
  choices?: ReadonlyArray<{ slug: string; name: string }>;
  noun: string;
  blank: Row<T>;
};

const BRANDS: MappingTable<'brands'> = {
  name: 'brands',
  legend: "Brands (the supplier's BrandAAIAID to the shop's brand)",
  note: 'An item whose brand id is not listed here is rejected.',
  idField: 'aaiaId',
  idLabel: 'Brand id',
  numericId: false,
  nameField: 'brand',
  nameLabel: "Shop's brand",
  noun: 'brand',
  blank: { aaiaId: '', brand: '' },
};

const PART_TYPES: MappingTable<'categories'> = {
  name: 'categories',
  legend: "Categories (the PCdb part type to the shop's category)",
  note: 'A part type not listed here goes to Other parts.',
  idField: 'partTypeId',
  idLabel: 'Part type',
  numericId: true,
  nameField: 'category',
  nameLabel: 'Category',
  choices: CATEGORIES,
  noun: 'part type',
  blank: { partTypeId: Number.NaN, category: 'other' },
};

const POSITIONS: MappingTable<'positions'> = {
  name: 'positions',
  legend: 'Positions (the PCdb position id to its name)',
  note: 'An ACES position sent as an id alone takes this name in the fitment imported from now on; an id not listed here shows as “Position” and its number.',
  idField: 'positionId',
  idLabel: 'Position id',
  numericId: true,
  nameField: 'name',
  nameLabel: 'Position name',
  noun: 'position',
  blank: { positionId: Number.NaN, name: '' },
};

/** A row's field as react-hook-form names it (`brands.0.aaiaId`). */
function rowPath<T extends Table>(table: MappingTable<T>, index: number, field: keyof Row<T> & string) {
  return `${table.name}.${index}.${field}` as Path<ImportMappingsFormValues>;
}

/** A table's fields, row by row. */
function rowPaths<T extends Table>(table: MappingTable<T>, values: ImportMappingsFormValues) {
  return values[table.name].flatMap((_, i) => [rowPath(table, i, table.idField), rowPath(table, i, table.nameField)]);
}

/** Every field a 400 may name, so its message shows under that input. */
function fieldPaths(values: ImportMappingsFormValues): Array<Path<ImportMappingsFormValues>> {
  return ['priceType', ...rowPaths(BRANDS, values), ...rowPaths(PART_TYPES, values), ...rowPaths(POSITIONS, values)];
}

/** The import tables: the supplier's brand ids to the shop's brands, part types to categories, position ids to names, and
 * the price type. */
export function ImportMappingsForm({ initial }: { initial: ImportMappingsInput }) {
  const router = useRouter();
  const form: Form = useForm<ImportMappingsFormValues, unknown, ImportMappingsInput>({
    resolver: zodResolver(importMappingsSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  async function onSubmit(values: ImportMappingsInput) {
    const target = { setError: form.setError, fields: fieldPaths(form.getValues()) };
    const res = await submitJson('/api/admin/import-mappings', { method: 'PUT', json: values }, target);
    if (!res.ok) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'The mappings could not be saved');
      return;
    }
    toast.success('Import mappings saved');
    router.refresh();
  }
  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label="Import mappings"
      className="space-y-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <Field id="priceType" label="Price type imported" error={errors.priceType?.message} hint="RET (retail), LST (list), JBR (jobber)...">
        <input
          id="priceType"
          className={`${inputClass} max-w-32 uppercase`}
          {...describedBy('priceType', errors.priceType?.message)}
          {...form.register('priceType')}
        />
      </Field>
      <MappingRows form={form} table={BRANDS} />
      <MappingRows form={form} table={PART_TYPES} />
      <MappingRows form={form} table={POSITIONS} />
      <Button type="submit" loading={isSubmitting}>
        Save mappings
      </Button>
    </form>
  );
}

/** One table of id -> name rows: its inputs, a Remove button per row and an Add button. */
function MappingRows<T extends Table>({ form, table }: { form: Form; table: MappingTable<T> }) {
  const rows = useFieldArray({ control: form.control, name: table.name });
  const { idField, nameField } = table;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{table.legend}</legend>
      <p className="text-xs text-slate-500">{table.note}</p>
      <ol className="space-y-2">
        {rows.fields.map((row, i) => {
          const idError = form.getFieldState(rowPath(table, i, idField), form.formState).error?.message;
          const nameError = form.getFieldState(rowPath(table, i, nameField), form.formState).error?.message;
          const idInput = `${table.name}-${i}-${idField}`;
          const nameInput = `${table.name}-${i}-${nameField}`;
          return (
            <li key={row.id} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto] items-end gap-2">
              <Field id={idInput} label={`${table.idLabel} ${i + 1}`} error={idError}>
                <input
                  id={idInput}
                  type={table.numericId ? 'number' : undefined}
                  inputMode={table.numericId ? 'numeric' : undefined}
                  className={table.numericId ? inputClass : `${inputClass} uppercase`}
                  {...describedBy(idInput, idError)}
                  {...form.register(rowPath(table, i, idField), { valueAsNumber: table.numericId })}
                />
              </Field>
              <Field id={nameInput} label={table.nameLabel} error={nameError}>
                {table.choices ? (
                  <select id={nameInput} className={inputClass} {...form.register(rowPath(table, i, nameField))}>
                    {table.choices.map((choice) => (
                      <option key={choice.slug} value={choice.slug}>
                        {choice.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={nameInput}
                    className={inputClass}
                    {...describedBy(nameInput, nameError)}
                    {...form.register(rowPath(table, i, nameField))}
                  />
                )}
              </Field>
              <RemoveButton className="mb-1" onClick={() => rows.remove(i)} label={`Remove ${table.noun} ${i + 1}`} />
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={() => rows.append(table.blank)}>
        {`Add ${table.noun}`}
      </Button>
    </fieldset>
  );
}
