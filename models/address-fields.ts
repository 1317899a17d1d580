/** The fields of a delivery address, as an order stores it and an address book keeps it. */
export const addressFields = {
  name: { type: String, required: true },
  line1: { type: String, required: true },
  line2: { type: String },
  city: { type: String, required: true },
  region: { type: String },
  postalCode: { type: String, required: true },
  country: { type: String, required: true },
} as const;
