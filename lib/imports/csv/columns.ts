import { ImportFileError } from '../formats/errors';

/** The shop's two CSV files, told apart by their header line; columns are matched by name, in any order and case
 * ("Part Number", "part_number" and "PartNumber" are one column); other columns are ignored. */
export const CSV_COLUMNS = {
  parts: {
    required: ['brand', 'partNumber', 'name', 'description', 'price'],
    optional: ['category', 'unit', 'weightKg', 'img', 'position', 'oeNumbers'],
  },
  fitment: {
    required: ['brand', 'partNumber', 'make', 'model', 'yearFrom', 'yearTo'],
    optional: ['engine', 'subModel', 'position', 'quantity', 'notes', 'qualifiers'],
  },
} as const;
export type CsvKind = keyof typeof CSV_COLUMNS;

/** Each field's column as the templates write it (public/templates). */
export const TEMPLATE_COLUMNS: Record<string, string> = {
  brand: 'brand',
  partNumber: 'part_number',
  name: 'name',
  description: 'description',
  price: 'price',
  category: 'category',
  unit: 'unit',
  weightKg: 'weight_kg',
  img: 'image_url',
  position: 'position',
  oeNumbers: 'oe_numbers',
  make: 'make',
  model: 'model',
  yearFrom: 'year_from',
  yearTo: 'year_to',
  engine: 'engine',
  subModel: 'submodel',
  quantity: 'quantity',
  notes: 'notes',
  qualifiers: 'qualifiers',
};
/** A header cell squeezed to letters: "Weight (kg)", "weight_kg" and "WeightKg" are one column. */
const squeeze = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');
const FIELD_OF = new Map(Object.entries(TEMPLATE_COLUMNS).map(([field, column]) => [squeeze(column), field]));

export type CsvLayout = { kind: CsvKind; fields: Array<string | null> };

/** Which file the header names, and the field of each column (null: ignored); a header that fits neither stops the import. */
export function layoutOf(header: readonly string[]): CsvLayout {
  const fields = header.map((cell) => FIELD_OF.get(squeeze(cell)) ?? null);
  const has = (field: string) => fields.includes(field);
  const kind: CsvKind | null = has('make') && !has('name') ? 'fitment' : has('name') && !has('make') ? 'parts' : null;
  if (!kind)
    throw new ImportFileError(1, 'the header line names neither a parts file (with a name column) nor a fitment file (with a make column)');
  const known: readonly string[] = [...CSV_COLUMNS[kind].required, ...CSV_COLUMNS[kind].optional];
  const missing = CSV_COLUMNS[kind].required.filter((field) => !has(field));
  if (missing.length)
    throw new ImportFileError(1, `the ${kind} file's header lacks ${missing.map((field) => TEMPLATE_COLUMNS[field]).join(', ')}`);
  const repeated = fields.find((field, i) => field && fields.indexOf(field) !== i);
  if (repeated) throw new ImportFileError(1, `the header names ${TEMPLATE_COLUMNS[repeated]} twice`);
  return { kind, fields: fields.map((field) => (field && known.includes(field) ? field : null)) };
}

/** A record's cells by field, the columns the header left out absent. */
export function cellsOf(layout: CsvLayout, cells: readonly string[]): Record<string, string> {
  const row: Record<string, string> = {};
  layout.fields.forEach((field, i) => {
    if (field) row[field] = cells[i] ?? '';
  });
  return row;
}
