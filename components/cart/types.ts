/** The cart and checkout API's JSON in the browser (issue 29; dollars with cents): the server's types, imported as types only. */
export type { CartProblem, CartLineView as CartLine, CartView } from '@/lib/cart';
export type { Quote, QuoteMethod } from '@/lib/checkout';
export type { SavedAddresses, SavedQuote } from '@/lib/checkout';
export type { PlacedCheckout as PlacedOrder } from '@/lib/checkout';
export type { AddressDTO } from '@/lib/core/address';

/** A country and postcode that a quote was asked for. */
export type Destination = { country: string; postalCode: string; region?: string };

/** The address as the checkout call takes it. */
export type CheckoutAddress = {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
};
