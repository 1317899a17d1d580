import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ack } from '@/lib/openapi/responses';
import { body, emailParam, errors, json, op } from '@/lib/openapi/shared';
import { signInLinkSchema } from '@/lib/validations/auth';

/** The sign-in calls (next-auth's, emailed links, API tokens) for the OpenAPI document. */

export const authPaths: ZodOpenApiPathsObject = {
  '/api/user/{email}': {
    put: op('Users', 'A one-hour bearer token for the own account (session cookie only)', {
      operationId: 'issueToken',
      security: [{ session: [] }],
      requestParams: { path: emailParam },
      responses: { '200': json(z.object({ token: z.string(), expiresIn: z.number().int() }), 'The token'), ...errors(401, 403) },
    }),
  },
  '/api/sign-in-link': {
    post: op('Accounts', 'Email a one-time sign-in link (the same answer whether or not the account exists)', {
      operationId: 'requestSignInLink',
      requestBody: body(signInLinkSchema),
      responses: { '200': json(ack.message, 'Sent if the account exists'), ...errors(400, 413, 415, 429) },
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
};
