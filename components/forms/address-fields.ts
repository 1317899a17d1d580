/** An address's text fields in every address form's order; the wide ones take the whole row. */
export const ADDRESS_TEXT_FIELDS = [
  { key: 'name', label: 'Full name', autoComplete: 'name', wide: true },
  { key: 'line1', label: 'Address', autoComplete: 'address-line1', wide: true },
  { key: 'line2', label: 'Apartment, suite (optional)', autoComplete: 'address-line2', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2', wide: false },
  { key: 'region', label: 'State or region (optional)', autoComplete: 'address-level1', wide: false },
  { key: 'postalCode', label: 'Postcode', autoComplete: 'postal-code', wide: false },
] as const;
