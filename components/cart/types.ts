/**
 * The cart and checkout API's JSON, as the browser receives it (the contract of issue 29: amounts in
 * dollars with cents). The server's own types live in lib/cart and lib/checkout.
 */
export type CartProblem = 'unavailable' | 'price-raised' | 'price-lowered' | 'below-minimum' | 'over-stock';

export type CartLine = {
  partId: string;
  name: string;
  img: string;
  brand: string | null;
  partNumber: string | null;
  category: string | null;
  unit: string;
  unitPrice: number;
  addedPrice: number;
  quantity: number;
  minimumQuantity: number;
  availableQuantity: number;
  lineTotal: number;
  weightKg: number | null;
  problems: CartProblem[];
};

export type CartView = {
  lines: CartLine[];
  /** The sum of the quantities. */
  count: number;
  lineCount: number;
  subtotal: number;
  currency: string;
};

export type QuoteMethod = {
  id: string;
  label: string;
  amount: number;
  estimate: { minDays: number; maxDays: number; by: string };
  discount: number;
  tax: number;
  total: number;
};

export type Quote = {
  subtotal: number;
  discount: number;
  methods: QuoteMethod[];
  tax: number;
  total: number;
  currency: string;
  /** The tax's name where the address is ("VAT", "Sales tax"). */
  taxLabel?: string;
  discountCode: { code: string; kind: string; message?: string } | null;
  lines: CartLine[];
};

export type Destination = { country: string; postalCode: string; region?: string };

export type CheckoutAddress = {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
};

export type SavedAddresses = { addresses: CheckoutAddress[]; last: { address: CheckoutAddress; phone: string } | null };

export type PlacedOrder = { orderId: string; orderNumber: string; total: number; orderUrl: string };
