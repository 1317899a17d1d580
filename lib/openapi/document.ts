import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import {
  ack,
  garageSchema,
  orderSchema,
  partSchema,
  profileSchema,
  publicUserSchema,
  reviewSchema,
  searchPageSchema,
  suggestionSchema,
  vehiclesSchema,
  vinSchema,
  cartSchema,
  quoteResponseSchema,
  placedCheckoutSchema,
  quoteChangedSchema,
  savedAddressesSchema,
  addressBookSchema,
} from '@/lib/openapi/responses';
import { checkoutAdminPaths } from '@/lib/openapi/checkout-admin';
import { REFERENCE_ASSETS } from '@/lib/openapi/reference';
import {
  body,
  CART_CALLER,
  emailParam,
  errors,
  idParam,
  json,
  op,
  ORDER_CALLER,
  PAGE_HEADERS,
  SIGNED_IN,
  WRITE_ERRORS,
} from '@/lib/openapi/shared';
import { addCartLineSchema, cartQuantitySchema, checkoutSchema, orderLookupSchema, quoteSchema } from '@/lib/validations/checkout';
import {
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  signInLinkSchema,
  verifyEmailQuerySchema,
  verifyEmailSchema,
} from '@/lib/validations/auth';
import { emailSchema, objectIdSchema, pageQuerySchema } from '@/lib/validations/common';
import {
  createIntentSchema,
  orderListQuerySchema,
  payOrderSchema,
  placeOrderSchema,
  shipmentSchema,
  testCardSchema,
} from '@/lib/validations/orders';
import { partInputSchema, partUpdateSchema } from '@/lib/validations/parts';
import { profileInputSchema, profilePatchSchema } from '@/lib/validations/profile';
import { reviewInputSchema } from '@/lib/validations/reviews';
import { searchQuerySchema, suggestQuerySchema } from '@/lib/validations/search';
import { garageActiveSchema, vehicleChoiceSchema, vehicleQuerySchema } from '@/lib/validations/vehicles';
import { addressBookEntrySchema, addressBookPatchSchema } from '@/lib/validations/addresses';

/**
 * The REST API as an OpenAPI 3.1 document, built from the zod schemas the route handlers parse with
 * (lib/validations), the helpers of lib/openapi/shared.ts and the answer shapes of
 * lib/openapi/responses.ts. Served at /api/openapi.json, shown at /api/docs, checked by Schemathesis
 * (scripts/fuzz-api.ts).
 */

const partIdParam = z.object({ partId: objectIdSchema });

export function buildOpenApiDocument(serverUrl?: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PartsMart API',
      version: '1.0.0',
      description:
        'The shop\'s REST API. Errors are `{ "error": "..." }` with the status. Web pages use the session cookie; other clients sign in through `/api/auth/csrf` and `/api/auth/callback/credentials`, then `PUT /api/user/{email}` gives a one-hour bearer token.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token', description: 'next-auth session cookie' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A token from PUT /api/user/{email}' },
        cartCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'partsmart.cart',
          description: "A guest's signed cart cookie, set by the first cart write",
        },
        orderLink: { type: 'apiKey', in: 'header', name: 'X-Order-Token', description: "The `t` of a guest order's emailed link" },
      },
    },
    paths: {
      '/api/parts': {
        get: op('Parts', 'Parts, newest first', {
          operationId: 'listParts',
          requestParams: { query: pageQuerySchema },
          responses: { '200': json(z.array(partSchema), 'A page of parts; the total in X-Total-Count', PAGE_HEADERS), ...errors(400) },
        }),
        post: op('Parts', 'Add a part (admins)', {
          operationId: 'createPart',
          security: SIGNED_IN,
          requestBody: body(partInputSchema),
          responses: {
            '201': {
              ...json(z.object({ success: z.literal(true), message: z.string(), insertedId: z.string() }), 'The part was added'),
              links: {
                GetPartById: { operationId: 'getPart', parameters: { id: '$response.body#/insertedId' } },
                UpdatePartById: { operationId: 'updatePart', parameters: { id: '$response.body#/insertedId' } },
                DeletePartById: { operationId: 'deletePart', parameters: { id: '$response.body#/insertedId' } },
              },
            },
            ...errors(...WRITE_ERRORS),
          },
        }),
      },
      '/api/parts/{id}': {
        get: op('Parts', 'One part', {
          operationId: 'getPart',
          requestParams: { path: idParam },
          responses: { '200': json(partSchema, 'The part'), ...errors(404) },
        }),
        put: op('Parts', 'Change a part (admins); a stock change goes through the ledger', {
          operationId: 'updatePart',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          requestBody: body(partUpdateSchema),
          responses: {
            '200': json(z.object({ success: z.literal(true), message: z.string(), part: partSchema }), 'The changed part'),
            ...errors(...WRITE_ERRORS, 404, 409),
          },
        }),
        delete: op('Parts', 'Delete a part (admins); one with orders is archived', {
          operationId: 'deletePart',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          responses: { '200': json(ack.deleted.extend({ archived: z.boolean() }), 'Deleted or archived'), ...errors(401, 403, 404, 409) },
        }),
      },
      '/api/review': {
        get: op('Reviews', 'Reviews, newest first', {
          operationId: 'listReviews',
          requestParams: { query: pageQuerySchema },
          responses: { '200': json(z.array(reviewSchema), 'A page of reviews', PAGE_HEADERS), ...errors(400) },
        }),
        post: op('Reviews', 'Write a review (customers)', {
          operationId: 'createReview',
          security: SIGNED_IN,
          requestBody: body(reviewInputSchema),
          responses: { '201': json(ack.inserted, 'The review was stored'), ...errors(...WRITE_ERRORS, 409) },
        }),
      },
      '/api/review/{id}': {
        delete: op('Reviews', 'Remove a review (admins)', {
          operationId: 'deleteReview',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          responses: { '200': json(ack.deleted, 'Removed'), ...errors(401, 403, 404) },
        }),
      },
      '/api/order': {
        get: op('Orders', "A customer's orders, newest first (own, or any for an admin)", {
          operationId: 'listOrders',
          security: SIGNED_IN,
          requestParams: { query: orderListQuerySchema },
          responses: { '200': json(z.array(orderSchema), 'The orders'), ...errors(400, 401, 403) },
        }),
        post: op('Orders', 'Place an order (customers); price, name and email come from the server', {
          operationId: 'placeOrder',
          security: SIGNED_IN,
          requestParams: { header: z.object({ 'Idempotency-Key': z.string().max(200).optional() }) },
          requestBody: body(placeOrderSchema),
          responses: {
            '201': {
              ...json(
                ack.inserted.extend({ number: z.string(), availableQuantity: z.number().int() }),
                'The order was placed and its stock taken',
              ),
              links: {
                GetOrderById: { operationId: 'getOrder', parameters: { id: '$response.body#/insertedId' } },
                CancelOrderById: { operationId: 'cancelOrder', parameters: { id: '$response.body#/insertedId' } },
              },
            },
            ...errors(...WRITE_ERRORS, 404, 409, 422),
          },
        }),
      },
      '/api/order/{id}': {
        get: op('Orders', 'One order (own, or any for an admin)', {
          operationId: 'getOrder',
          security: ORDER_CALLER,
          requestParams: { path: idParam },
          responses: { '200': json(orderSchema, 'The order'), ...errors(401, 404) },
        }),
        put: op('Orders', 'Ship a paid order (admins)', {
          operationId: 'shipOrder',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          requestBody: body(shipmentSchema),
          responses: { '200': json(ack.modified, 'Shipped'), ...errors(...WRITE_ERRORS, 404, 409) },
        }),
        patch: op('Orders', 'Record a confirmed card payment (the owner)', {
          operationId: 'payOrder',
          security: ORDER_CALLER,
          requestParams: { path: idParam },
          requestBody: body(payOrderSchema),
          responses: {
            '200': json(ack.modified.extend({ transactionId: z.string() }), 'Marked paid'),
            ...errors(...WRITE_ERRORS, 402, 404, 409),
          },
        }),
        delete: op('Orders', 'Cancel an unpaid order; its pieces go back to stock', {
          operationId: 'cancelOrder',
          security: ORDER_CALLER,
          requestParams: { path: idParam },
          responses: { '200': json(ack.deleted, 'Cancelled'), ...errors(401, 403, 404, 409) },
        }),
      },
      '/api/allOrder': {
        get: op('Orders', 'Every order, newest first (admins)', {
          operationId: 'listAllOrders',
          security: SIGNED_IN,
          requestParams: { query: pageQuerySchema },
          responses: { '200': json(z.array(orderSchema), 'A page of orders', PAGE_HEADERS), ...errors(400, 401, 403) },
        }),
      },
      '/api/cart': {
        get: op('Cart', "The caller's cart: each line flagged with what changed since it was added", {
          operationId: 'getCart',
          security: CART_CALLER,
          responses: { '200': json(cartSchema, 'The cart'), ...errors(401) },
        }),
      },
      '/api/cart/lines': {
        post: op('Cart', "Add a part to the cart (to its line if it has one); the part's minimum and stock apply", {
          operationId: 'addCartLine',
          security: CART_CALLER,
          requestBody: body(addCartLineSchema),
          responses: { '201': json(cartSchema, 'The cart'), ...errors(...WRITE_ERRORS, 404, 409) },
        }),
      },
      '/api/cart/lines/{partId}': {
        patch: op('Cart', "Set a line's quantity", {
          operationId: 'setCartLine',
          security: CART_CALLER,
          requestParams: { path: partIdParam },
          requestBody: body(cartQuantitySchema),
          responses: { '200': json(cartSchema, 'The cart'), ...errors(...WRITE_ERRORS, 404, 409) },
        }),
        delete: op('Cart', 'Remove a line', {
          operationId: 'removeCartLine',
          security: CART_CALLER,
          requestParams: { path: partIdParam },
          responses: { '200': json(cartSchema, 'The cart'), ...errors(401, 403, 404, 429) },
        }),
      },
      '/api/checkout/quote': {
        post: op('Checkout', 'The delivered cost of the cart (or of one part) by every shipping method, for a country and postcode', {
          operationId: 'quote',
          security: CART_CALLER,
          requestBody: body(quoteSchema),
          responses: { '200': json(quoteResponseSchema, 'The quote'), ...errors(...WRITE_ERRORS, 404, 409) },
        }),
      },
      '/api/checkout': {
        post: op('Checkout', 'Place the cart as one order at a fresh quote; 409 with the new quote when anything changed', {
          operationId: 'checkout',
          security: CART_CALLER,
          requestParams: { header: z.object({ 'Idempotency-Key': z.string().optional() }) },
          requestBody: body(checkoutSchema),
          responses: {
            '201': json(placedCheckoutSchema, 'The order, and the page to open next'),
            ...errors(...WRITE_ERRORS, 404, 422),
            '409': json(quoteChangedSchema, 'Prices, stock or the code changed: the new quote to confirm'),
          },
        }),
      },
      '/api/checkout/addresses': {
        get: op('Checkout', "The addresses a checkout offers (the address book, then past orders') and what it fills in", {
          operationId: 'savedAddresses',
          security: SIGNED_IN,
          responses: { '200': json(savedAddressesSchema, 'The addresses'), ...errors(401, 403) },
        }),
      },
      '/api/orders/{id}/reorder': {
        post: op('Checkout', "Order again: the order's lines back in the cart, price changes and unavailable parts flagged", {
          operationId: 'reorder',
          description:
            "Each line is put in the cart at least at its ordered quantity (a line the cart holds keeps a larger quantity), at the price it was ordered at, so the cart flags a price changed since; a part withdrawn, below its minimum or short of stock is flagged, not dropped. The customer's own order (another's is 404), or a guest's with its signed link, into this browser's guest cart.",
          security: [...ORDER_CALLER, { orderLink: [], cartCookie: [] }],
          requestParams: { path: idParam },
          responses: { '200': json(cartSchema, 'The cart'), ...errors(400, 401, 403, 404, 429) },
        }),
      },
      '/api/orders/lookup': {
        post: op('Checkout', "Email an order's link again; the same answer whether or not it exists", {
          operationId: 'orderLookup',
          requestBody: body(orderLookupSchema),
          responses: {
            '202': json(z.object({ ok: z.literal(true), message: z.string() }).strict(), 'Sent if it exists'),
            ...errors(400, 413, 415, 429),
          },
        }),
      },
      '/api/create-payment-intent': {
        post: op('Payments', "A payment for an order's server-computed total (the owner)", {
          operationId: 'createPaymentIntent',
          security: ORDER_CALLER,
          requestBody: body(createIntentSchema),
          responses: {
            '200': json(z.object({ clientSecret: z.string(), provider: z.enum(['stripe', 'test']), amount: z.number() }), 'The intent'),
            ...errors(...WRITE_ERRORS, 402, 404, 409),
          },
        }),
      },
      '/api/test-gateway/confirm': {
        post: op('Payments', "The offline test gateway's card confirmation (absent, 404, when Stripe is configured)", {
          operationId: 'confirmTestPayment',
          security: ORDER_CALLER,
          requestBody: body(testCardSchema),
          responses: {
            '200': json(z.object({ id: z.string(), status: z.string() }), 'The intent after the card'),
            ...errors(...WRITE_ERRORS, 402, 404, 409),
          },
        }),
      },
      '/api/webhooks/stripe': {
        post: op('Payments', "Stripe's events, authenticated by their signature over the raw body", {
          operationId: 'stripeWebhook',
          requestParams: { header: z.object({ 'Stripe-Signature': z.string().optional() }) },
          requestBody: { required: true, content: { 'application/json': { schema: z.object({}).passthrough() } } },
          responses: {
            '200': json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Accepted'),
            ...errors(400, 404, 413),
          },
        }),
      },
      '/api/user': {
        get: op('Users', 'The users, oldest first (admins)', {
          operationId: 'listUsers',
          security: SIGNED_IN,
          requestParams: { query: pageQuerySchema },
          responses: { '200': json(z.array(publicUserSchema), 'A page of users', PAGE_HEADERS), ...errors(400, 401, 403) },
        }),
      },
      '/api/user/{email}': {
        put: op('Users', 'A one-hour bearer token for the own account (session cookie only)', {
          operationId: 'issueToken',
          security: [{ session: [] }],
          requestParams: { path: emailParam },
          responses: { '200': json(z.object({ token: z.string(), expiresIn: z.number().int() }), 'The token'), ...errors(401, 403) },
        }),
      },
      '/api/user/admin/{email}': {
        put: op('Users', 'Make a user an admin (admins)', {
          operationId: 'grantAdmin',
          security: SIGNED_IN,
          requestParams: { path: emailParam },
          responses: {
            '200': json(z.object({ modifiedCount: z.number().int() }), 'Granted (0 when already an admin)'),
            ...errors(401, 403, 404),
          },
        }),
        delete: op('Users', 'Take the admin role away (admins; never oneself or the last admin)', {
          operationId: 'revokeAdmin',
          security: SIGNED_IN,
          requestParams: { path: emailParam },
          responses: { '200': json(ack.modified, 'Revoked (0 when not an admin)'), ...errors(401, 403, 404, 409) },
        }),
      },
      '/api/admin/{email}': {
        get: op('Users', 'Whether that account is an admin (own email, or any for an admin)', {
          operationId: 'isAdmin',
          security: SIGNED_IN,
          requestParams: { path: z.object({ email: z.string() }) },
          responses: { '200': json(z.object({ admin: z.boolean() }), 'The answer'), ...errors(401, 403) },
        }),
      },
      ...checkoutAdminPaths({
        op,
        json,
        body,
        errors,
        signedIn: SIGNED_IN,
        writeErrors: WRITE_ERRORS,
        pageHeaders: PAGE_HEADERS,
      }),
      '/api/myProfile': {
        post: op('Profiles', 'Add the own profile (name and email from the account)', {
          operationId: 'addProfile',
          security: SIGNED_IN,
          requestBody: body(profileInputSchema),
          responses: { '201': json(ack.inserted, 'Added'), ...errors(...WRITE_ERRORS, 409) },
        }),
      },
      '/api/myProfile/{emailOrId}': {
        get: op('Profiles', 'The profiles of an email (own, or any for an admin)', {
          operationId: 'getProfiles',
          security: SIGNED_IN,
          requestParams: { path: z.object({ emailOrId: emailSchema }) },
          responses: { '200': json(z.array(profileSchema), 'The profiles'), ...errors(400, 401, 403) },
        }),
        patch: op('Profiles', 'Change a profile (its owner, or an admin)', {
          operationId: 'updateProfile',
          security: SIGNED_IN,
          requestParams: { path: z.object({ emailOrId: z.string() }) },
          requestBody: body(profilePatchSchema),
          responses: {
            '200': json(z.object({ success: z.literal(true), message: z.string(), profile: profileSchema }), 'Changed'),
            ...errors(...WRITE_ERRORS, 404),
          },
        }),
      },
      '/api/uploads': {
        post: op('Uploads', 'Upload one image (JPEG, PNG, WebP or GIF, at most 5 MB)', {
          operationId: 'uploadImage',
          security: SIGNED_IN,
          requestBody: {
            required: true,
            content: { 'multipart/form-data': { schema: z.object({ image: z.string().meta({ format: 'binary' }) }) } },
          },
          responses: {
            '201': json(z.object({ success: z.literal(true), data: z.object({ url: z.string() }) }), 'Stored'),
            ...errors(...WRITE_ERRORS),
          },
        }),
      },
      '/api/register': {
        post: op('Accounts', 'Create an account; a verification email follows', {
          operationId: 'register',
          requestBody: body(registerSchema),
          responses: {
            '201': json(z.object({ success: z.literal(true), user: z.object({ email: z.string(), name: z.string() }) }), 'Created'),
            ...errors(400, 409, 413, 415, 429),
          },
        }),
      },
      '/api/password/forgot': {
        post: op('Accounts', 'Email a reset link (the same answer whether or not the account exists)', {
          operationId: 'forgotPassword',
          requestBody: body(forgotPasswordSchema),
          responses: { '200': json(ack.message, 'Sent if the account exists'), ...errors(400, 413, 415, 429) },
        }),
      },
      '/api/sign-in-link': {
        post: op('Accounts', 'Email a one-time sign-in link (the same answer whether or not the account exists)', {
          operationId: 'requestSignInLink',
          requestBody: body(signInLinkSchema),
          responses: { '200': json(ack.message, 'Sent if the account exists'), ...errors(400, 413, 415, 429) },
        }),
      },
      '/api/cron/{job}': {
        get: op('Jobs', 'Run one background job (Vercel Cron); `Authorization: Bearer` with CRON_SECRET', {
          operationId: 'runCronJob',
          requestParams: { path: z.object({ job: z.string() }) },
          responses: {
            '200': json(z.object({ job: z.string(), ms: z.number(), result: z.unknown() }), 'The job ran'),
            ...errors(401, 404),
          },
        }),
      },
      '/api/password/reset': {
        post: op('Accounts', 'Set a new password with the emailed token', {
          operationId: 'resetPassword',
          requestBody: body(resetPasswordSchema),
          responses: { '200': json(ack.message, 'Changed'), ...errors(400, 413, 415, 429) },
        }),
      },
      '/api/verify-email': {
        get: op('Accounts', 'The link of verification emails sent before it went to /verify-email: lands there, using nothing', {
          operationId: 'verifyEmailLink',
          requestParams: { query: verifyEmailQuerySchema },
          responses: { '303': { description: 'To /verify-email?token=...', headers: z.object({ Location: z.string() }) }, ...errors(400) },
        }),
        post: op('Accounts', "Confirm the email of a verification link, with the account's password unless its own session asks", {
          operationId: 'verifyEmail',
          requestBody: body(verifyEmailSchema),
          responses: {
            '200': json(
              z.object({ success: z.literal(true), status: z.enum(['verified', 'already-verified']) }),
              'Verified (or it already was)',
            ),
            ...errors(400, 413, 415, 429),
          },
        }),
      },
      '/api/verify-email/resend': {
        post: op('Accounts', 'A new verification email for the signed-in, unverified user', {
          operationId: 'resendVerification',
          security: SIGNED_IN,
          responses: { '200': json(ack.message, 'Sent'), ...errors(401, 403, 409, 429) },
        }),
      },
      '/api/search': {
        get: op('Catalog', 'Search and filter the catalog', {
          operationId: 'search',
          requestParams: { query: searchQuerySchema },
          responses: { '200': json(searchPageSchema, 'A page of results with facets'), ...errors(400) },
        }),
      },
      '/api/search/suggest': {
        get: op('Catalog', 'What the search box offers while typing', {
          operationId: 'suggest',
          requestParams: { query: suggestQuerySchema },
          responses: { '200': json(z.object({ suggestions: z.array(suggestionSchema) }), 'Up to 8 suggestions'), ...errors(400) },
        }),
      },
      '/api/vehicles': {
        get: op('Catalog', 'Makes; the models of a make; the years and engines of a model', {
          operationId: 'vehicles',
          requestParams: { query: vehicleQuerySchema },
          responses: { '200': json(vehiclesSchema, '`{ makes, makesWithParts }`, `{ models }` or `{ years }`'), ...errors(400) },
        }),
      },
      '/api/vin/{vin}': {
        get: op('Catalog', 'Check and decode a VIN offline', {
          operationId: 'decodeVin',
          requestParams: { path: z.object({ vin: z.string() }) },
          responses: { '200': json(vinSchema, 'The decoded VIN'), ...errors(400) },
        }),
      },
      '/api/garage': {
        get: op('Garage', "The customer's saved vehicles and the active one", {
          operationId: 'getGarage',
          security: SIGNED_IN,
          responses: { '200': json(garageSchema, 'The garage'), ...errors(401, 403) },
        }),
        post: op('Garage', 'Save a vehicle (up to 10) and make it active', {
          operationId: 'addToGarage',
          security: SIGNED_IN,
          requestBody: body(vehicleChoiceSchema),
          responses: { '201': json(garageSchema, 'The garage'), ...errors(...WRITE_ERRORS, 409) },
        }),
      },
      '/api/garage/active': {
        put: op('Garage', 'Switch the active vehicle', {
          operationId: 'setActiveVehicle',
          security: SIGNED_IN,
          requestBody: body(garageActiveSchema),
          responses: { '200': json(garageSchema, 'The garage'), ...errors(...WRITE_ERRORS, 404) },
        }),
      },
      '/api/garage/{id}': {
        delete: op('Garage', 'Remove a saved vehicle', {
          operationId: 'removeFromGarage',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          responses: { '200': json(garageSchema, 'The garage'), ...errors(401, 403, 404) },
        }),
      },
      '/api/addresses': {
        get: op('Addresses', "The customer's address book, the default first", {
          operationId: 'getAddressBook',
          security: SIGNED_IN,
          responses: { '200': json(addressBookSchema, 'The address book'), ...errors(401, 403) },
        }),
        post: op('Addresses', 'Save an address (up to 20; postcode checked per country), the default if asked', {
          operationId: 'addAddress',
          security: SIGNED_IN,
          requestBody: body(addressBookEntrySchema),
          responses: {
            '201': json(addressBookSchema, 'Saved: the address book'),
            '200': json(addressBookSchema, 'The book already held this address: the address book'),
            ...errors(...WRITE_ERRORS, 409),
          },
        }),
      },
      '/api/addresses/{id}': {
        patch: op('Addresses', 'Replace a saved address, or make it the default', {
          operationId: 'updateAddress',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          requestBody: body(addressBookPatchSchema),
          responses: { '200': json(addressBookSchema, 'The address book'), ...errors(...WRITE_ERRORS, 404, 409) },
        }),
        delete: op('Addresses', 'Remove a saved address (the default: the first address added becomes the default)', {
          operationId: 'removeAddress',
          security: SIGNED_IN,
          requestParams: { path: idParam },
          responses: { '200': json(addressBookSchema, 'The address book'), ...errors(401, 403, 404, 429) },
        }),
      },
      '/api/auth/csrf': {
        get: op('Sign-in', "next-auth's CSRF token, for the sign-in form", {
          operationId: 'csrf',
          responses: { '200': json(z.object({ csrfToken: z.string() }), 'The token (also set as a cookie)') },
        }),
      },
      '/api/auth/session': {
        get: op('Sign-in', 'The session of the cookie, or `{}`', {
          operationId: 'session',
          security: [{ session: [] }, {}],
          responses: {
            '200': json(
              z.union([z.object({ user: z.object({}).passthrough(), expires: z.string() }).passthrough(), z.object({}).strict()]),
              'The session',
            ),
          },
        }),
      },
      '/api/auth/callback/credentials': {
        post: op('Sign-in', 'Sign in with email and password (a form post with the CSRF token)', {
          operationId: 'signIn',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: z.object({ csrfToken: z.string(), email: z.string(), password: z.string(), json: z.literal('true').optional() }),
              },
            },
          },
          responses: {
            '200': json(z.object({ url: z.string() }), 'Signed in, or refused with the reason in `url` (JSON clients)'),
            '302': { description: 'Signed in (the session cookie is set), or back to the form with the reason' },
            ...errors(400, 413, 429),
          },
        }),
      },
      '/api/docs': {
        get: op('Reference', 'This document as an interactive reference', {
          operationId: 'docs',
          responses: { '200': { description: 'The reference page', content: { 'text/html': { schema: z.string() } } } },
        }),
      },
      '/api/docs/{asset}': {
        get: op('Reference', 'A script or style sheet of the reference page', {
          operationId: 'docsAsset',
          requestParams: { path: z.object({ asset: z.enum(REFERENCE_ASSETS) }) },
          responses: {
            '200': {
              description: 'The file',
              content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
            },
            ...errors(404),
          },
        }),
      },
      '/api/openapi.json': {
        get: op('Reference', 'This document', {
          operationId: 'openapi',
          responses: {
            '200': { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: z.object({}).passthrough() } } },
          },
        }),
      },
    },
  });
}
