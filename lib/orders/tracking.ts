/** Carriers the ship dialog suggests and their tracking pages; no imports, so it is client-safe. */
const CARRIER_TRACKING: Record<string, (trackingNumber: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  'Royal Mail': (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  DPD: (n) => `https://track.dpd.co.uk/parcels/${n}`,
  'Canada Post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
};

export const KNOWN_CARRIERS = Object.keys(CARRIER_TRACKING);

/** The carrier's tracking page for a number, or null for a carrier we have no page for (or no number). */
export function trackingUrlFor(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber) return null;
  const name = KNOWN_CARRIERS.find((known) => known.toLowerCase() === carrier.trim().toLowerCase());
  return name ? CARRIER_TRACKING[name]!(encodeURIComponent(trackingNumber.trim())) : null;
}
