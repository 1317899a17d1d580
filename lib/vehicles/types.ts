/** A signed-in customer's saved vehicles (up to 10) and the active one. */
export type GarageEntry = { id: string; year: number; make: string; model: string; engine: string | null };
export type Garage = { vehicles: GarageEntry[]; activeId: string | null };

/** How many vehicles a customer's garage holds. */
export const GARAGE_SIZE = 10;
