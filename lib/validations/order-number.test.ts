import { orderNumberOf } from './order-number';

describe('orderNumberOf: an order number as a buyer types it', () => {
  it.each([
    ['PM-100234', 'PM-100234'],
    ['pm-100234', 'PM-100234'],
    ['Pm100234', 'PM-100234'],
    ['PM 100234', 'PM-100234'],
    ['100234', 'PM-100234'],
    ['  100234 ', 'PM-100234'],
    ['PM-1002345', 'PM-1002345'],
  ])('reads %j as %s', (typed, stored) => {
    expect(orderNumberOf(typed)).toBe(stored);
  });

  it.each(['', 'PM-', '10023', 'PM-10023', 'PM--100234', 'PX-100234', 'PM-100234a', '100 234', 'order 100234'])('refuses %j', (typed) => {
    expect(orderNumberOf(typed)).toBeNull();
  });
});
