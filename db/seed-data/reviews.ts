// Demo customer reviews: original copy written for this project; the reviewers are fictional.

export type SeedReview = {
  name: string;
  image: string;
  review: string;
  rating: 1 | 2 | 3 | 4 | 5;
};

export const seedReviews: SeedReview[] = [
  {
    name: 'Marcus Delaney',
    image: '/images/reviewers/marcus-delaney.svg',
    review:
      'Ordered front pads and rotors on a Monday and they were on my porch Wednesday morning. Everything fitted first time, no squeal after bedding in. Will be back for the rear set.',
    rating: 5,
  },
  {
    name: 'Priya Raman',
    image: '/images/reviewers/priya-raman.svg',
    review:
      'The iridium plugs were well packed and already gapped correctly. My idle is noticeably smoother. Lost one star because tracking info did not update for two days.',
    rating: 4,
  },
  {
    name: 'Tomasz Nowicki',
    image: '/images/reviewers/tomasz-nowicki.svg',
    review:
      'Radiator quality looks good, but the box arrived crushed on one corner and two fins were bent. Support sent a partial refund quickly, so I kept it. Better packaging next time, please.',
    rating: 3,
  },
  {
    name: 'Elena Vargas',
    image: '/images/reviewers/elena-vargas.svg',
    review:
      'Bought a battery and the registration tip in the description saved me a trip to the dealer. Clear specs, fair price, and the old core was collected with no fuss.',
    rating: 5,
  },
  {
    name: 'Jordan Blake',
    image: '/images/reviewers/jordan-blake.svg',
    review:
      'The fitment checker said the shocks would fit my wagon, but the top mount was different. The return was approved, yet I had to pay for return shipping myself. Not great.',
    rating: 2,
  },
  {
    name: 'Aisha Okafor',
    image: '/images/reviewers/aisha-okafor.svg',
    review:
      'Timing belt kit had every bolt and gasket I needed, and the water pump was a solid cast piece rather than the cheap plastic impeller I feared. Job done in one afternoon.',
    rating: 5,
  },
  {
    name: 'Henrik Lund',
    image: '/images/reviewers/henrik-lund.svg',
    review:
      'Wiper blades are quiet and clear the screen well in heavy rain. The adapter instructions could be clearer; it took me a while to work out which clip my car uses.',
    rating: 4,
  },
  {
    name: 'Sofia Marchetti',
    image: '/images/reviewers/sofia-marchetti.svg',
    review:
      'Cabin filter arrived fast and the car smells fresh again. Minimum order of five was more than I needed, but at this price I simply keep the spares for next year.',
    rating: 4,
  },
];
