import { POST as createReviewRoute } from '@/app/api/review/route';
import type { UserDTO } from '@/lib/auth/users';
import { Review } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { LONG_TEXT, makeUser } from '@/tests/helpers/factories';

let customer: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Hana Hardened' });
});

describe('a review padded with spaces', () => {
  it('refuses a review of 49 characters padded with spaces, and stores nothing', async () => {
    const before = await Review.countDocuments();
    const padded = `  ${LONG_TEXT.slice(0, 49)}          `;
    expect(padded.length).toBeGreaterThanOrEqual(50);
    const res = await callRoute(createReviewRoute, '/api/review', {
      method: 'POST',
      as: customer,
      body: { image: '/uploads/11111111-2222-3333-4444-555555555555.jpg', rating: 4, review: padded },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Give Review 50 characters or longer');
    expect(res.body.fieldErrors.review).toEqual(['Give Review 50 characters or longer']);
    expect(await Review.countDocuments()).toBe(before);
  });
});
