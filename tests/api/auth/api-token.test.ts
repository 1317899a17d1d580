import { PUT as tokenRoute } from '@/app/api/user/[email]/route';
import type { UserDTO } from '@/lib/auth/users';
import { bearerFor, callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

let customer: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Hana Hardened' });
});

describe('a bearer token cannot mint bearer tokens', () => {
  it('answers 403 to a bearer token and gives a token to the session cookie', async () => {
    const params = { email: customer.email };
    const viaBearer = await callRoute(tokenRoute, `/api/user/${customer.email}`, {
      method: 'PUT',
      params,
      as: { bearer: await bearerFor(customer) },
    });
    expect(viaBearer.status).toBe(403);
    expect(viaBearer.body.error).toBe('Only a signed-in session can get a token, not a bearer token');
    expect(viaBearer.body.token).toBeUndefined();
    const viaSession = await callRoute(tokenRoute, `/api/user/${customer.email}`, { method: 'PUT', params, as: customer });
    expect(viaSession.status).toBe(200);
    expect(typeof viaSession.body.token).toBe('string');
  });
});
