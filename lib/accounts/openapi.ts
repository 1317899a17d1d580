import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { AddressBook, ProfileDTO } from '@/lib/accounts/types';
import { ack, addressEntrySchema, dateTime, id, nullable } from '@/lib/openapi/responses';
import { body, emailParam, errors, idParam, json, op, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { addressBookEntrySchema, addressBookPatchSchema } from '@/lib/validations/addresses';
import {
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailQuerySchema,
  verifyEmailSchema,
} from '@/lib/validations/auth';
import { emailSchema, pageQuerySchema } from '@/lib/validations/common';
import { profileInputSchema, profilePatchSchema } from '@/lib/validations/profile';

/** The account calls (users and admins, profiles, registration and passwords, the address book) for the OpenAPI document. */

const publicUserSchema = z
  .object({
    _id: id,
    email: z.string(),
    name: z.string(),
    role: z.literal('admin').nullable(),
    emailVerified: z.boolean(),
    createdAt: dateTime,
  })
  .meta({ id: 'User' });

const profileSchema: z.ZodType<ProfileDTO> = z
  .object({
    _id: id,
    name: z.string(),
    email: z.string(),
    education: z.string(),
    image: z.string(),
    district: z.string(),
    city: z.string(),
    linkedin: nullable(z.string()),
    github: nullable(z.string()),
    phone: z.string(),
  })
  .meta({ id: 'Profile' });

const addressBookSchema: z.ZodType<AddressBook> = z
  .object({ addresses: z.array(addressEntrySchema).meta({ description: 'Up to 20, the default first' }) })
  .strict()
  .meta({ id: 'AddressBook' });

const userPaths: ZodOpenApiPathsObject = {
  '/api/user': {
    get: op('Users', 'The users, oldest first (admins)', {
      operationId: 'listUsers',
      security: SIGNED_IN,
      requestParams: { query: pageQuerySchema },
      responses: { '200': json(z.array(publicUserSchema), 'A page of users', PAGE_HEADERS), ...errors(400, 401, 403) },
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
};

const profilePaths: ZodOpenApiPathsObject = {
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
};

const registrationPaths: ZodOpenApiPathsObject = {
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
};

const addressPaths: ZodOpenApiPathsObject = {
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
};

export const accountPaths: ZodOpenApiPathsObject = { ...userPaths, ...profilePaths, ...registrationPaths, ...addressPaths };
