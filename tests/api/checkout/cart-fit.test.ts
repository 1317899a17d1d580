import { replaceFitment } from '@/lib/catalog/fitment-store';
import { Types } from 'mongoose';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import type { CartLineView } from '@/lib/cart';
import { FIT_QUESTION_TEXT as T } from '@/lib/catalog';
import { closeMailTransport } from '@/lib/mail';
import { deliverDueMail } from '@/lib/mail/outbox';
import { resetEnv } from '@/lib/platform/env';
import { Cart, Order, OutboxDue, OutboxMessage } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { parseMail } from '@/tests/helpers/mailbox';
import { shopper } from '@/tests/helpers/shopper';
import { startTestSmtpServer } from '@/tests/helpers/smtp-server';

/** The fit answers on a cart line (lib/cart addToCart with lib/catalog judgeLineFit), carried to the order, its emails and Manage Orders. */

const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };
const rotors288 = 'With 288 mm front rotors';
const rotors320 = 'With 320 mm front rotors';
const FITMENT = [
  { ...corolla, subModel: 'LE', qualifiers: [{ text: rotors288, qdbId: 101 }] },
  { ...corolla, subModel: 'LE', qualifiers: [{ text: rotors320, qdbId: 102 }] },
  { ...corolla, subModel: 'SE', qualifiers: [{ text: rotors320, qdbId: 102 }] },
];
const VEHICLE = { year: 2015, make: 'Toyota', model: 'Corolla', engine: '1.8L' };
const CONFIRMED = 'confirmed for 2015 Toyota Corolla LE 1.8L, with 288 mm front rotors';
const ADDRESS = { name: 'Fay Fitter', line1: '12 Brake Lane', city: 'Leeds', postalCode: 'LS1 4AB', country: 'GB' };

let zone: { standard: string };
beforeAll(async () => {
  zone = await makeZone({ countries: ['GB'] });
});

async function rotorPart(): Promise<string> {
  const part = await makePart({ name: 'Front brake pads', price: 40, stock: 10 });
  await replaceFitment(part, FITMENT);
  return part;
}

type Browser = ReturnType<typeof shopper>;
const addWithFit = (b: Browser, partId: string, fit: unknown, quantity = 1) =>
  b.call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId, quantity, fit } });
const lineOf = (res: { body: { lines: CartLineView[] } }, partId: string) => res.body.lines.find((line) => line.partId === partId)!;
const storedLines = async (partId: string) =>
  (await Cart.collection.findOne({ 'lines.partId': new Types.ObjectId(partId) } as never))?.lines ?? [];

describe('answers on a cart line', () => {
  it('stores the answers and the confirmation when every question is answered with one of its options', async () => {
    const b = shopper();
    const part = await rotorPart();
    const added = await addWithFit(b, part, { vehicle: VEHICLE, answers: ['le', rotors288] });
    expect(added.status).toBe(201);
    expect(lineOf(added, part).fit).toEqual({ vehicle: '2015 Toyota Corolla 1.8L', answers: ['LE', rotors288], text: CONFIRMED });
    expect(lineOf(await b.cart(), part).fit?.text).toBe(CONFIRMED);
  });

  it("names the make and model as the part's rows write them, whatever case the browser sent", async () => {
    const b = shopper();
    const part = await rotorPart();
    const added = await addWithFit(b, part, { vehicle: { ...VEHICLE, make: 'TOYOTA', model: 'corolla' }, answers: ['LE', rotors288] });
    expect(lineOf(added, part).fit).toMatchObject({ vehicle: '2015 Toyota Corolla 1.8L', text: CONFIRMED });
  });

  it.each([
    ['a submodel the part has no row for', ['XLE', rotors288], T.invalid],
    ['a forged qualifier', ['LE', 'With 300 mm front rotors'], T.invalid],
    ["an option of another submodel's question", ['SE', rotors288], T.invalid],
    ['an answer past the questions', ['LE', rotors288, 'Extra'], T.invalid],
    ['a question left unanswered', ['LE'], T.incomplete],
    ['answers by which it does not fit', ['LE', T.noneOfThese], T.doesNotFit],
  ])('refuses %s: 400 with the reason on fit.answers, and the cart unchanged', async (_, answers, message) => {
    const b = shopper();
    const part = await rotorPart();
    await addWithFit(b, part, { vehicle: VEHICLE, answers: ['LE', rotors320] });
    const refused = await addWithFit(b, part, { vehicle: VEHICLE, answers });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: message, fieldErrors: { 'fit.answers': [message] } });
    expect(await storedLines(part)).toEqual([
      expect.objectContaining({ quantity: 1, fit: expect.objectContaining({ answers: ['LE', rotors320] }) }),
    ]);
  });

  it('refuses a vehicle name over two lines and more than three answers before reading the part', async () => {
    const b = shopper();
    const part = await rotorPart();
    const twoLines = await addWithFit(b, part, { vehicle: { ...VEHICLE, model: 'Corolla\r\nBcc: x' }, answers: ['LE'] });
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.fieldErrors['fit.vehicle']).toEqual(['The vehicle must be on one line']);
    const many = await addWithFit(b, part, { vehicle: VEHICLE, answers: ['LE', rotors288, 'a', 'b'] });
    expect(many.status).toBe(400);
    expect(many.body.fieldErrors['fit.answers']).toEqual(['At most 3 answers']);
    expect(await storedLines(part)).toEqual([]);
  });

  it('keeps one line per part: other answers replace the fit, adding without answers keeps it', async () => {
    const b = shopper();
    const part = await rotorPart();
    await addWithFit(b, part, { vehicle: VEHICLE, answers: ['LE', rotors288] });
    const again = await addWithFit(b, part, { vehicle: VEHICLE, answers: ['SE', rotors320] }, 2);
    expect(again.body.lines).toHaveLength(1);
    expect(lineOf(again, part)).toMatchObject({ quantity: 3, fit: { answers: ['SE', rotors320] } });
    const plain = await b.add(part, 1);
    expect(lineOf(plain, part)).toMatchObject({ quantity: 4, fit: { answers: ['SE', rotors320] } });
  });

  it('asks nothing of a part whose rows agree: no answers confirm it, any answer is refused', async () => {
    const b = shopper();
    const part = await makePart({ stock: 5 });
    await replaceFitment(part, [corolla]);
    const none = await addWithFit(b, part, { vehicle: VEHICLE, answers: [] });
    expect(lineOf(none, part).fit?.text).toBe('confirmed for 2015 Toyota Corolla 1.8L');
    expect((await addWithFit(b, part, { vehicle: VEHICLE, answers: ['LE'] })).status).toBe(400);
  });
});

describe('answers on the order', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    delete process.env.EMAIL_SERVER;
    resetEnv();
    closeMailTransport();
    await smtp.close();
  });

  it('goes from the cart line to the order line, its placed email (as an SMTP server receives it) and Manage Orders', async () => {
    await OutboxDue.collection.deleteMany({});
    const b = shopper();
    const part = await rotorPart();
    const plain = await makePart({ name: 'Wiper blade', price: 12, stock: 5 });
    await addWithFit(b, part, { vehicle: VEHICLE, answers: ['LE', rotors288] });
    await b.add(plain, 1);
    const email = 'fay.fitter@example.com';
    const placed = await b.checkout({ email, address: ADDRESS, phone: '+44 113 496 0203', shippingMethod: zone.standard });
    expect(placed.status).toBe(201);

    const order = (await Order.findOne({ email }).lean())!;
    const stored = order.lines!.find((line) => String(line.partId) === part)!;
    expect(stored.fit).toMatchObject({ vehicle: '2015 Toyota Corolla 1.8L', answers: ['LE', rotors288], text: CONFIRMED });
    expect(order.lines!.find((line) => String(line.partId) === plain)!.fit).toBeUndefined();

    const queued = (await OutboxMessage.findById(`${order._id}:placed`).lean())!;
    expect(queued.text).toMatch(new RegExp(`Part: +Front brake pads x 1: \\$40\\.00\nFit: +${CONFIRMED}\n`));
    process.env.EMAIL_SERVER = smtp.url;
    resetEnv();
    expect((await deliverDueMail(new Date(Date.now() + 60_000))).sent).toBeGreaterThanOrEqual(1);
    const received = smtp.received.find((mail) => mail.to.includes(email));
    expect(parseMail(received!.raw).body).toContain(CONFIRMED);

    const admin = await makeUser({ admin: true });
    const listed = await callRoute(allOrdersRoute, '/api/allOrder', { as: admin });
    const listedOrder = (listed.body as Array<{ _id: string; lines: Array<{ partId: string; fit?: { text: string } }> }>).find(
      (entry) => entry._id === String(order._id),
    )!;
    expect(listedOrder.lines.find((line) => line.partId === part)!.fit?.text).toBe(CONFIRMED);
  });
});
