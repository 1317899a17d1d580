// The shop's legal pages (footer links). Original copy written for this project; it describes what
// the shop's code actually does (stock, cancelling, payment, cookies) and the promises on the home page.

export type LegalSection = { id: string; heading: string; paragraphs: string[] };

export type LegalDocument = {
  slug: 'returns' | 'terms' | 'privacy' | 'shipping';
  title: string;
  /** The footer's link text. */
  linkText: string;
  description: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
};

const CONTACT = 'support@partsmart.example or +44 113 496 0275 (Monday to Friday, 9:00 to 17:00 UK time)';

export const legalDocuments: Record<LegalDocument['slug'], LegalDocument> = {
  returns: {
    slug: 'returns',
    title: 'Returns and warranty',
    linkText: 'Returns and warranty',
    description: 'How to return a part within 365 days, how refunds work and what the parts warranty covers.',
    updated: '2025-06-01',
    intro:
      'Ordering the wrong part happens to everyone, even to mechanics. You have a full year to send back a part you do not need, and every part we sell is covered by a warranty against defects.',
    sections: [
      {
        id: 'returns',
        heading: 'Returning a part within 365 days',
        paragraphs: [
          'You may return any part within 365 days of delivery, for any reason. The part must be unused, uninstalled and in its original packaging, with every small item (clips, bolts, seals) that came with it.',
          'To start a return, open the order in your dashboard (as a guest, follow the link in your order email) and choose Return parts: the parts and how many, the reason and a note. If a part does not fit, tell us the vehicle and what did not match, so that we correct our fitment data for the next buyer. We answer by email within two working days, with the return instructions; returns from the United Kingdom are free, returns from elsewhere are free on orders that qualified for free delivery.',
          'Parts that were fitted, cut, painted or show signs of use cannot be returned as unwanted, but remain covered by the warranty below if they are faulty.',
          'Some rebuildable parts (calipers, alternators, starters) carry a core deposit, shown beside their price and charged as its own line. Send the old part back within 180 days of delivery (Return parts, reason Core return): once we have inspected it, we refund the deposit in full, in part for a core that is damaged, or not at all for one that cannot be rebuilt, and tell you why.',
        ],
      },
      {
        id: 'refunds',
        heading: 'Refunds',
        paragraphs: [
          'Once the part reaches our warehouse and has been checked, we refund the price of the part with its share of any discount and tax to the card you paid with, usually within five working days, and email you when we do; the order page shows each step. When the return is our mistake (a wrong or damaged part), we also refund what you paid for delivery. Your bank may take a few more days to show it.',
          'An order that has not been paid yet can simply be cancelled from your dashboard: nothing is charged and the pieces go back into stock at once.',
        ],
      },
      {
        id: 'warranty',
        heading: 'Warranty',
        paragraphs: [
          'Every part is covered against defects in materials and workmanship for two years from delivery, or for the manufacturer’s warranty period when that is longer. Wear parts such as brake pads, wiper blades and filters are covered against defects, not against normal wear.',
          'If a part fails, tell us what happened and, where you can, send a photo of the part and of the fitting. We replace the part or refund it; when a workshop fitted it, we also consider reasonable fitting costs if the part was faulty.',
          'The warranty does not cover parts fitted to a vehicle they were not listed for, damage from accidents, racing or incorrect fitting, or parts altered after delivery.',
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your statutory rights',
        paragraphs: [
          'This policy adds to the rights consumer law gives you and never takes any of them away. If a part is faulty, not as described or not fit for purpose, you are entitled to a repair, a replacement or a refund whatever this page says.',
          `Questions about a return or a claim: ${CONTACT}.`,
        ],
      },
    ],
  },
  terms: {
    slug: 'terms',
    title: 'Terms of sale',
    linkText: 'Terms of sale',
    description: 'The terms that apply when you order car parts from PartsMart: orders, prices, payment, cancelling and liability.',
    updated: '2025-06-01',
    intro:
      'These terms apply to every order placed on this website by a customer with a PartsMart account. By placing an order you accept them, so please read them once; they are written to be short and plain.',
    sections: [
      {
        id: 'seller',
        heading: 'Who sells to you',
        paragraphs: [`The seller is PartsMart Ltd., 18 Foundry Lane, Leeds LS2 7HX, United Kingdom. You can reach us at ${CONTACT}.`],
      },
      {
        id: 'orders',
        heading: 'Orders and stock',
        paragraphs: [
          'The quantity shown on a part page is the stock we hold at that moment. When you place an order, the pieces are set aside for you straight away, so an order we accept is never oversold.',
          'Some parts are sold from a minimum quantity (a set of pads, a pack of plugs). The minimum is shown on the part page and the order form will not accept fewer pieces.',
          'An order is a request to buy until it is paid. You can cancel an unpaid order at any time from your dashboard; the pieces then return to stock.',
        ],
      },
      {
        id: 'prices',
        heading: 'Prices and payment',
        paragraphs: [
          'Prices are shown in US dollars per piece and include any taxes we are required to charge. The price that applies is the one shown when you placed the order, even if it changes afterwards.',
          'You pay by card on the payment page of your order. The order counts as paid only once the card payment has been confirmed by our payment provider; if the payment fails, nothing is charged and you may try again.',
        ],
      },
      {
        id: 'delivery',
        heading: 'Delivery',
        paragraphs: ['Paid orders are shipped as described in our shipping information. Ownership of the parts passes to you on delivery.'],
      },
      {
        id: 'fitting',
        heading: 'Choosing and fitting parts',
        paragraphs: [
          'We describe each part as precisely as we can, but it remains your responsibility, or your workshop’s, to check that a part suits your vehicle before fitting it. Safety-critical parts such as brakes and steering components should be fitted by a qualified mechanic.',
        ],
      },
      {
        id: 'liability',
        heading: 'Liability',
        paragraphs: [
          'We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or of our negligence. We do not exclude liability where the law does not allow it, in particular for death or personal injury caused by our negligence or for defective products.',
          'Returns, refunds and warranty claims follow our returns and warranty policy. These terms are governed by the law of England and Wales; if you live elsewhere in the United Kingdom or in another country, you keep the protection of the mandatory rules of the place where you live.',
        ],
      },
    ],
  },
  privacy: {
    slug: 'privacy',
    title: 'Privacy policy',
    linkText: 'Privacy policy',
    description: 'What personal data PartsMart keeps, why, for how long, which cookies the shop sets and how to exercise your rights.',
    updated: '2025-06-01',
    intro:
      'We keep the personal data we need to run your account and deliver your orders, and nothing more. We do not sell it, we do not use advertising trackers, and we do not build profiles of your browsing.',
    sections: [
      {
        id: 'controller',
        heading: 'Who is responsible',
        paragraphs: [`PartsMart Ltd., 18 Foundry Lane, Leeds LS2 7HX, United Kingdom, is responsible for your data. Contact: ${CONTACT}.`],
      },
      {
        id: 'data',
        heading: 'What we keep and why',
        paragraphs: [
          'Your account: your name, email address and a one-way hash of your password (we never store the password itself), or the fact that you sign in with Google. We need these to let you sign in and to write to you about your orders.',
          'Your orders: the part, quantity and price, the delivery address and phone number you give, and the payment reference. We need these to deliver the order and keep them as long as tax and accounting law requires.',
          'Your profile and reviews, if you write them: what you enter there, including any photo you upload. Reviews are shown publicly with the name you chose.',
          'Security records: the network address and email of recent sign-in, registration and password-reset attempts, kept for at most one hour to stop automated attacks.',
        ],
      },
      {
        id: 'payments',
        heading: 'Card payments',
        paragraphs: [
          'Card details are entered directly into our payment provider’s secure form and never reach our servers. We receive only the payment’s reference and whether it succeeded.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies',
        paragraphs: [
          'The shop sets only the cookies it needs to work: a session cookie that keeps you signed in (it cannot be read by scripts and expires after a few hours without activity), a small cookie telling the pages whether you are signed in, and the security cookies the sign-in form uses to protect against forged requests.',
          'We set no advertising, analytics or tracking cookies, so there is nothing to accept or refuse. Blocking cookies in your browser only means that you cannot sign in.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Who else sees your data',
        paragraphs: [
          'Our payment provider, for card payments; our email provider, to send you account and order messages; our hosting and image storage providers, which keep the data on our behalf; and the carrier that delivers your parcel, which receives your name, address and phone number. Each of them may use the data only to provide their service to us.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        paragraphs: [
          'You may ask for a copy of your data, have it corrected or deleted, object to its use or ask us to restrict it, and receive it in a portable form. Write to us and we answer within one month. You may also complain to the Information Commissioner’s Office (ico.org.uk).',
          'We delete an account and its profile when you ask, except for order records that the law obliges us to keep.',
        ],
      },
    ],
  },
  shipping: {
    slug: 'shipping',
    title: 'Shipping information',
    linkText: 'Shipping',
    description: 'When PartsMart ships your order, what delivery costs, how long it takes and how to follow your parcel.',
    updated: '2026-11-28',
    intro:
      'We ship paid orders from our warehouse in Leeds. Most orders leave the same working day, and delivery is free worldwide on orders from $75.',
    sections: [
      {
        id: 'dispatch',
        heading: 'When your order ships',
        paragraphs: [
          'Orders paid before 14:00 UK time on a working day are packed and shipped the same day; later orders ship the next working day. Working days are Monday to Friday, except bank holidays in England. Unpaid orders are not shipped: pay for them from your dashboard.',
          'When your order leaves the warehouse, its status in your dashboard changes to shipped.',
        ],
      },
      {
        id: 'costs',
        heading: 'Delivery costs',
        paragraphs: [
          'Delivery is free to every country we ship to on orders from $75. Below that, a flat delivery charge is shown before you pay: $6 within the United Kingdom and $15 elsewhere.',
          'Checkout shows the tax we charge as its own line before you pay: VAT in the United Kingdom and in the European countries where we collect it and, where we collect it, the sales tax of the US state or Canadian province your postcode is in. That tax is part of the total you pay us; the carrier does not collect it again.',
          'Import duties, and taxes where checkout shows none, are not included: the destination country may charge them on delivery, collected by the carrier or the customs office.',
        ],
      },
      {
        id: 'times',
        heading: 'Delivery times',
        paragraphs: [
          'United Kingdom: 1 to 2 working days. Europe: 3 to 5 working days. Rest of the world: 5 to 10 working days. Each is counted from the day your order ships, and checkout shows the date your order arrives by for each delivery method. These are the carriers’ usual times, not guarantees; bulky items such as exhausts and suspension struts may take a day longer.',
        ],
      },
      {
        id: 'problems',
        heading: 'Damaged or missing parcels',
        paragraphs: [
          'If a parcel arrives damaged, keep the packaging and tell us within 14 days with a photo; we send a replacement or refund the part. If a parcel has not arrived within the delivery time above plus five working days, contact us and we trace it with the carrier.',
          `Questions about a delivery: ${CONTACT}.`,
        ],
      },
    ],
  },
};

/** In the footer's order. */
export const LEGAL_SLUGS = ['terms', 'privacy', 'returns', 'shipping'] as const satisfies ReadonlyArray<LegalDocument['slug']>;

export const legalPath = (slug: LegalDocument['slug']) => `/legal/${slug}`;
