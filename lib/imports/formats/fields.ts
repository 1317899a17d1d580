import { childOf, type XmlNode } from './xml-records';

/** A whole number above 0 in digits only ("007" is 7); null for anything else ("1.5", "-2", "2e3", ""). */
export function positiveInteger(text: string | undefined): number | null {
  const trimmed = text?.trim();
  if (!trimmed || !/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

/** A decimal as XML Schema writes one ("12.50", "-3", ".5"); null for anything else ("12,50", "1e3", "NaN", ""). */
export function decimal(text: string | undefined): number | null {
  const trimmed = text?.trim();
  return trimmed && /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : null;
}

/** An element's `id` attribute, noting in `problems` one that is not a whole number above 0. */
export function elementId(element: XmlNode, problems: string[]): number | undefined {
  const text = element.attrs.id;
  const id = positiveInteger(text);
  if (id === null)
    problems.push(text === undefined ? `${element.name} has no id` : `${element.name} id must be a whole number above 0, not "${text}"`);
  return id ?? undefined;
}

/** The `id` attribute of the child element `name`, as elementId reads it. */
export function childId(node: XmlNode, name: string, problems: string[]): number | undefined {
  const child = childOf(node, name);
  return child && elementId(child, problems);
}

/** As childId, for an element the record must carry. */
export function requiredChildId(node: XmlNode, name: string, problems: string[]): number {
  if (!childOf(node, name)) problems.push(`${name} is missing`);
  return childId(node, name, problems) ?? 0;
}

/** `label` as a whole number above 0, noting in `problems` why not. */
export function requiredCount(text: string | undefined, label: string, problems: string[]): number {
  const count = positiveInteger(text);
  if (count === null) problems.push(text === undefined ? `${label} is missing` : `${label} must be a whole number above 0, not "${text}"`);
  return count ?? 0;
}
