'use client';

import type { SelectHTMLAttributes } from 'react';
import { inputClass } from '@/components/forms/field';
import { COUNTRY_CODES, countryName } from '@/lib/validations/countries';

/** The countries, by name, the most asked-for first. */
const FIRST = ['US', 'GB', 'CA', 'AU', 'DE', 'FR'];
const OPTIONS = [
  ...FIRST.map((code) => ({ code, name: countryName(code) })),
  ...COUNTRY_CODES.filter((code) => !FIRST.includes(code))
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name)),
];

export function CountrySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select autoComplete="country" className={inputClass} {...props}>
      <option value="">Choose a country</option>
      {OPTIONS.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
