import { POST as registerRoute } from '@/app/api/register/route';
import { callRoute } from '@/tests/helpers/api';

let ipCounter = 0;
const fromNewIp = () => ({ 'x-forwarded-for': `198.18.0.${++ipCounter}` });

describe("email addresses of today's domains", () => {
  it.each(['shop@example.info', 'buyer@parts.shop', 'a.b@my-store.store', 'dev@x.dev', 'max@garage.photography'])(
    'registers %s',
    async (email) => {
      const res = await callRoute(registerRoute, '/api/register', {
        method: 'POST',
        body: { name: 'New Domain', email, password: 'secret123' },
        headers: fromNewIp(),
      });
      expect(res.status).toBe(201);
    },
  );

  it.each(['a@example.c', `a@example.${'x'.repeat(25)}`, 'a@example.c0m', 'a@example'])(
    'refuses %s with the spec message',
    async (email) => {
      const res = await callRoute(registerRoute, '/api/register', {
        method: 'POST',
        body: { name: 'Bad', email, password: 'secret123' },
        headers: fromNewIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.email).toEqual(['Provide a valid Email']);
    },
  );
});
