/**
 * The plain shapes lib/ answers with (string ids, ISO dates), shared by the server and the
 * browser. No imports: client components may use these types without pulling server code in.
 */

export type FitmentDTO = { make: string; model: string; yearFrom: number; yearTo: number; engine: string | null; notes: string | null };

export type PartDTO = {
  _id: string;
  name: string;
  description: string;
  price: number;
  img: string;
  category: string | null;
  brand: string | null;
  partNumber: string | null;
  oemNumbers: string[];
  position: 'front' | 'rear' | 'left' | 'right' | 'front-left' | 'front-right' | 'rear-left' | 'rear-right' | 'upper' | 'lower' | null;
  fitment: FitmentDTO[];
  availableQuantity: number;
  minimumQuantity: number;
  /** How it is sold: the price and the quantities count these. */
  unit: 'piece' | 'pair' | 'set' | 'kit';
  /** The shipping weight in kg; null: not given (shipping counts 1 kg). */
  weightKg: number | null;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
};

export type OrderDTO = {
  _id: string;
  partId: string;
  partName: string;
  price: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  quantity: number;
  total: number;
  paid: boolean;
  status: 'pending' | 'shipped';
  transactionId: string | null;
  cancelled: boolean;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  cancelledAt: string | null;
  /** The short human number, `PM-100234` (lib/orders/numbers.ts). */
  number: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page when known (lib/orders/tracking.ts). */
  trackingUrl: string | null;
  cancelledBy: 'customer' | 'admin' | 'system' | null;
  /** Every line of the order (a spec order has one: the fields partId..quantity above). */
  lines: OrderLineDTO[];
  /** Goods before discount, shipping and tax. */
  subtotal: number;
  shipping: { label: string; amount: number; minDays: number; maxDays: number } | null;
  discount: { code: string; amount: number } | null;
  tax: number;
  shippingAddress: AddressDTO | null;
  /** Placed without an account: reached through its signed link. */
  guest: boolean;
  /** When an unpaid order is cancelled and its stock returned (null: paid, cancelled, or placed before holds). */
  holdUntil: string | null;
  /** Whether this unpaid order holds its parts; one placed past its client's hold limits takes them when paid. */
  stockHeld: boolean;
};

export type OrderLineDTO = { partId: string; partName: string; unitPrice: number; quantity: number; lineTotal: number };
export type AddressDTO = {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
};

/** A customer's saved address (up to 20, one of them the default, which the checkout fills in). */
export type AddressBookEntry = { id: string; address: AddressDTO; isDefault: boolean };
/** The address book, the default first, then in the order the addresses were added. */
export type AddressBook = { addresses: AddressBookEntry[] };

/** The order page's order: `part.available` is false once its part is archived or deleted. */
export type OrderDetailsDTO = OrderDTO & { part: { available: boolean } };

/** The Manage Orders filters (lib/orders/orders.ts listAllOrders). */
export type OrderListStatus = 'to-ship' | 'unpaid' | 'shipped' | 'cancelled';

/** What the public sees of a review: never the author's email. */
export type ReviewDTO = {
  _id: string;
  name: string;
  image: string;
  review: string;
  rating: number;
  createdAt: string;
};

export type ProfileDTO = {
  _id: string;
  name: string;
  email: string;
  education: string;
  image: string;
  district: string;
  city: string;
  linkedin: string | null;
  github: string | null;
  phone: string;
};

export type PaymentProviderName = 'stripe' | 'test';

/** A signed-in customer's saved vehicles (up to 10) and the active one. */
export type GarageEntry = { id: string; year: number; make: string; model: string; engine: string | null };
export type Garage = { vehicles: GarageEntry[]; activeId: string | null };
