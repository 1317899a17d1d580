/** A signed-in customer's saved vehicles (up to 10) and the active one. */
export type GarageEntry = { id: string; year: number; make: string; model: string; engine: string | null };
export type Garage = { vehicles: GarageEntry[]; activeId: string | null };

/** How many vehicles a customer's garage holds. */
export const GARAGE_SIZE = 10;

/** A generation in the admin's vehicle list: a make's model over a range of years, with its engines. */
export type VehicleGenerationDTO = {
  id: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engines: Array<{ name: string; yearFrom: number; yearTo: number }>;
  /** Built from a VCdb extract: the next import that touches this model rebuilds it. */
  fromVcdb: boolean;
};
