import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { GET as getCartRoute } from '@/app/api/cart/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { PATCH as payRoute } from '@/app/api/order/[id]/route';
import { POST as confirmCardRoute } from '@/app/api/test-gateway/confirm/route';
import type { UserDTO } from '@/lib/auth/users';
import { CART_COOKIE } from '@/lib/cart/identity';
import { callRoute, type ApiResult, type CallOptions } from '@/tests/helpers/api';

/**
 * A shopper's browser: a customer (`as`) or a guest, whose cart cookie is kept from answer to answer,
 * calling the cart and checkout routes in-process. `headers` go with every call (a client address).
 */
export function shopper(as?: UserDTO, headers: Record<string, string> = {}) {
  let cookie: string | null = null;
  const call = async (handler: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) => {
    const res = await callRoute(handler, path, {
      as,
      ...options,
      headers: { ...headers, ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith(`${CART_COOKIE}=`)) cookie = set.split(';')[0]!.endsWith('=') ? null : set.split(';')[0]!;
    return res;
  };
  const add = (partId: string, quantity: number) => call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId, quantity } });
  const quote = (body: Record<string, unknown>) => call(quoteRoute, '/api/checkout/quote', { method: 'POST', body });
  const checkout = (body: Record<string, unknown>, key?: string) =>
    call(checkoutRoute, '/api/checkout', { method: 'POST', body, headers: key ? { 'idempotency-key': key } : {} });
  const cart = () => call(getCartRoute, '/api/cart');
  return { call, add, cart, quote, checkout, cookie: () => cookie };
}

export const TEST_CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** Who pays: a customer, or a guest holding the order's signed link (its token). */
export type Payer = { as?: UserDTO; token?: string };

const payerOptions = ({ as, token }: Payer): CallOptions => (token ? { origin: null, headers: { 'x-order-token': token } } : { as });

/** The payment page's first call: the intent of the order's total. */
export const startPayment = (orderId: string, payer: Payer) =>
  callRoute(createIntentRoute, '/api/create-payment-intent', { ...payerOptions(payer), method: 'POST', body: { orderId } });

/** The card form on the offline test gateway, as the browser confirms it. */
export const confirmCard = (clientSecret: string, payer: Payer, card: string = TEST_CARDS.ok) =>
  callRoute(confirmCardRoute, '/api/test-gateway/confirm', {
    ...payerOptions(payer),
    method: 'POST',
    body: { clientSecret, number: card, expiry: '12 / 34', cvc: '123' },
  });

/** The page's last call: the confirmed payment, checked by the shop with the gateway. */
export const reportPayment = (orderId: string, transactionId: string, payer: Payer) =>
  callRoute(payRoute, `/api/order/${orderId}`, {
    ...payerOptions(payer),
    method: 'PATCH',
    params: { id: orderId },
    body: { payment: { order: orderId, transactionId } },
  });

/** Pays an order on the offline test gateway as its page does: the intent, the card, the confirmation. */
export async function payByCard(
  orderId: string,
  payer: Payer,
  card: string = TEST_CARDS.ok,
): Promise<{ intent: ApiResult; confirmed: ApiResult | null; paid: ApiResult | null }> {
  const intent = await startPayment(orderId, payer);
  if (intent.status !== 200) return { intent, confirmed: null, paid: null };
  const confirmed = await confirmCard(intent.body.clientSecret, payer, card);
  if (confirmed.status !== 200) return { intent, confirmed, paid: null };
  return { intent, confirmed, paid: await reportPayment(orderId, confirmed.body.id, payer) };
}

/** The signed link's token of a guest's order, from the checkout's answer. */
export const tokenOf = (orderUrl: string) => new URL(orderUrl, 'http://x').searchParams.get('t')!;
