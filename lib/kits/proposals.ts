import 'server-only';
import { Types } from 'mongoose';
import { lineViewOf, type CartLineView, type SavedDestination } from '@/lib/cart';
import { catalogSearch, fitmentRowDTO, readFitments, rowsForVehicle, TAGS, type VehicleChoice } from '@/lib/catalog';
import { readByIds } from '@/lib/platform/by-id';
import { tagCatalogRead } from '@/lib/platform/cache';
import { priceCart } from '@/lib/checkout';
import { unitsSoldByPart } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { fromCents, toCents } from '@/lib/core/money';
import { quoteSchema } from '@/lib/validations/checkout';
import { Part } from '@/models';
import { readKits, type JobKitDTO, type KitLine } from './admin';
import { chooseFor, optionsOf, type CandidatePart, type FitAnswersByPart } from './choice';
import type { KitsAnswer, ProposedFitRow, ProposedKit, ProposedLine } from './types';

/** The jobs proposed for a vehicle (issue 46, Build item 7): one fitting part per line and the job's delivered total. */

export const KIT_TEXT = { shippingAtCheckout: 'shipping calculated at checkout' } as const;

/** Enough for any vehicle's parts of a few jobs' kinds. */
const MAX_CANDIDATES = 5000;

const CANDIDATE_FIELDS = {
  name: 1,
  brand: 1,
  partNumber: 1,
  img: 1,
  category: 1,
  unit: 1,
  position: 1,
  partTypeId: 1,
  price: 1,
  availableQuantity: 1,
  minimumQuantity: 1,
  weightKg: 1,
} as const;

type StoredCandidate = Omit<CandidatePart, '_id' | 'fitment'> & { _id: Types.ObjectId };

/** Sold parts of the lines' kinds (alternatives too) with a row for the vehicle (from the search index; the rest of the fit is decided in code),
 * cached as one entry tagged with each part (a price or stock change expires it) and the lists' tag (a new part). */
async function candidatesFor(lines: KitLine[], vehicle: VehicleChoice): Promise<CandidatePart[]> {
  'use cache';
  const options = lines.flatMap(optionsOf);
  const types = new Set(options.flatMap((option) => (option.partTypeId === null ? [] : [option.partTypeId])));
  const categories = new Set<string>(options.flatMap((option) => (option.category === null ? [] : [option.category])));
  const ids = (await catalogSearch().partsFitting(vehicle)).slice(0, MAX_CANDIDATES);
  await connectDb();
  const parts = (
    await readByIds<StoredCandidate>(
      Part,
      ids.map((id) => new Types.ObjectId(id)),
      CANDIDATE_FIELDS,
    )
  ).filter((part) => (part.partTypeId != null && types.has(part.partTypeId)) || (part.category != null && categories.has(part.category)));
  const fitments = await readFitments(parts.map((part) => part._id));
  tagCatalogRead(TAGS.catalog, ...parts.map((part) => TAGS.part(String(part._id))));
  return parts.map((part) => ({ ...part, _id: String(part._id), fitment: fitments.get(String(part._id))!.rows }));
}

/** A proposed part as a cart line, for the checkout's quote. */
const cartLineOf = (part: CandidatePart, quantity: number): CartLineView => {
  const partId = new Types.ObjectId(part._id);
  return lineViewOf({ partId, quantity, addedPrice: part.price }, { ...part, _id: partId, archivedAt: null });
};

/** The part's rows for the vehicle, with only what the fit questions read. */
const fitRowsOf = (part: CandidatePart, vehicle: VehicleChoice): ProposedFitRow[] =>
  rowsForVehicle(part.fitment, vehicle).map(fitmentRowDTO);

type Buyer = { vehicle: VehicleChoice; destination: SavedDestination | null; answers: FitAnswersByPart };

async function proposeKit(kit: JobKitDTO, candidates: CandidatePart[], sold: Record<string, number>, buyer: Buyer): Promise<ProposedKit> {
  const { vehicle, destination, answers } = buyer;
  const taken = new Set<string>();
  const cartLines: CartLineView[] = [];
  const lines = kit.lines.map((line): ProposedLine => {
    const choice = chooseFor(line, candidates, vehicle, sold, taken, answers);
    if (!choice.part) return { label: line.label, quantity: line.quantity, part: null, lineTotal: 0, missing: choice.missing };
    const { part, quantity, fit } = choice;
    taken.add(part._id);
    cartLines.push(cartLineOf(part, quantity));
    return {
      label: line.label,
      quantity,
      part: {
        _id: part._id,
        name: part.name,
        brand: part.brand ?? null,
        partNumber: part.partNumber ?? null,
        img: part.img ?? null,
        unit: part.unit ?? 'piece',
        price: part.price,
        fit,
        fitment: fitRowsOf(part, vehicle),
      },
      lineTotal: fromCents(toCents(part.price) * quantity),
      missing: null,
    };
  });
  return { _id: kit._id, name: kit.name, lines, complete: lines.every((line) => line.part), ...(await totalOf(cartLines, destination)) };
}

/** The job's goods, and with a destination the cheapest delivered total a quote would give (lib/checkout's rules). */
async function totalOf(lines: CartLineView[], destination: SavedDestination | null) {
  const goods = fromCents(lines.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0));
  const place = destination ? quoteSchema.safeParse(destination) : null;
  if (!lines.length || !place?.success) return { goods, shipping: null, tax: null, total: goods, note: KIT_TEXT.shippingAtCheckout };
  const { quote } = await priceCart(lines, place.data);
  const method = quote.methods[0];
  if (!method) return { goods, shipping: null, tax: quote.tax, total: quote.total, note: KIT_TEXT.shippingAtCheckout };
  return { goods, shipping: method.amount, tax: method.tax, total: method.total, note: null };
}

/** Every job with its proposal for the vehicle, priced for the buyer's destination when known; `answers` (the buyer's to
 * proposed parts' fit questions) rule parts out, so that a line proposes its next fitting part. */
export async function proposeKits(
  vehicle: VehicleChoice,
  destination: SavedDestination | null,
  answers: FitAnswersByPart = {},
): Promise<KitsAnswer> {
  const kits = await readKits();
  const [candidates, sold] = await Promise.all([
    candidatesFor(
      kits.flatMap((kit) => kit.lines),
      vehicle,
    ),
    unitsSoldByPart(),
  ]);
  return {
    vehicle,
    destination: destination && quoteSchema.safeParse(destination).success ? destination : null,
    kits: await Promise.all(kits.map((kit) => proposeKit(kit, candidates, sold, { vehicle, destination, answers }))),
  };
}
