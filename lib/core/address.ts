export type AddressDTO = {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
};

/** An address as stored (an order's or the address book's), as the API answers it: absent optional parts as null. */
export function addressDTO(address: Omit<AddressDTO, 'line2' | 'region'> & { line2?: string | null; region?: string | null }): AddressDTO {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    region: address.region ?? null,
    postalCode: address.postalCode,
    country: address.country,
  };
}
