import type { FitmentRowLike, VehicleChoice } from '@/lib/catalog/fitment';
import type { SearchQuery } from '@/lib/validations/search';

/** What the search index knows of a part: what it searches, filters and sorts on (no description). */
export type IndexedPart = {
  _id: string;
  name: string;
  brand: string;
  category: string;
  partNumber: string;
  oemNumbers: string[];
  /** The numbers it replaces (left out when none: most parts). */
  interchange?: IndexedInterchange[];
  price: number;
  availableQuantity: number;
  createdAt: number;
  updatedAt: number;
  fitment: FitmentRowLike[];
};

export type IndexedInterchange = { kind: 'oe' | 'aftermarket'; brand: string | null; number: string };

/** What a listing needs of a part (sorts, filters, facets, the sitemap's dates): an index loads these first (MemoryIndex.load). */
export type ListedPart = Pick<IndexedPart, '_id' | 'price' | 'availableQuantity' | 'createdAt' | 'updatedAt' | 'brand' | 'category'>;

export type FacetValue = { value: string; count: number };
export type PriceBucket = { key: string; min: number; max: number | null; count: number };
export type Facets = { category: FacetValue[]; brand: FacetValue[]; price: PriceBucket[]; inStock: number };

/** A page of results: part ids in order, the total, facet counts for the query, the next page's cursor. */
export type SearchPage = {
  ids: string[];
  total: number;
  facets: Facets;
  nextCursor: string | null;
  /** Part id -> how a text search found it by a number it replaces ("Replaces OE 04465-02220"); left out when none. */
  replaces?: Record<string, string>;
  /** With a vehicle: how many of the parts found are known to fit it (the others have no fitment data to check). */
  knownFits?: number;
};

/** A search box suggestion: a part (opens it), a query (searches it), a category or a brand (filters). */
export type Suggestion =
  | { kind: 'part'; id: string; label: string; detail: string }
  | { kind: 'query'; value: string; label: string; detail: string }
  | { kind: 'category' | 'brand'; value: string; label: string };

/** The catalog search interface (DESIGN.md section 8a), so a hosted engine can replace the in-process default. */
/** How long a read may wait for the engine to be able to answer it (then CatalogLoadingError, a 503). */
export type SearchWait = { waitMs?: number };

export interface CatalogSearchEngine {
  readonly name: string;
  /** Resolves once the engine can answer (the in-process index is built at start). */
  ready(): Promise<void>;
  search(query: SearchQuery, wait?: SearchWait): Promise<SearchPage>;
  suggest(text: string, limit: number, wait?: SearchWait): Promise<Suggestion[]>;
  /** Every part's id and last change, newest first (the sitemap). */
  allParts(): Promise<Array<{ id: string; updatedAt: number }>>;
  /** The parts whose own number is this normalised one, with their brand (a kit's components on its page). */
  partsNumbered(key: string, wait?: SearchWait): Promise<Array<{ id: string; brand: string }>>;
  /** The parts with a fitment row for the vehicle that does not rule it out (a job kit's candidates), in no order; `inStock`
   * keeps those with stock (a vehicle's alert). */
  partsFitting(vehicle: VehicleChoice, wait?: SearchWait & { inStock?: boolean }): Promise<string[]>;
  /** The model years the catalog has parts for, per `make|model` in lower case (the vehicle selector's marks). */
  vehicleCoverage(): Promise<Map<string, Set<number>>>;
  /** This process changed a part: answer with it at once (other instances learn of it from the change log). */
  partChanged(id: string): Promise<void>;
  /** The periodic upkeep a scheduled job runs (the in-process index: catch up with the log, refresh the snapshot). */
  refresh(): Promise<void>;
}

export type { SearchQuery, VehicleChoice };
