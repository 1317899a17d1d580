'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { addLinesToCart } from '@/components/cart/use-cart';
import { FitQuestionList } from '@/components/parts/fit-questions';
import { useViewer } from '@/components/session/use-viewer';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { fetchJson } from '@/lib/client/fetch-json';
import { decideFit, type FitDecision } from '@/lib/catalog/fit-questions';
import { vehicleLabel, type VehicleChoice } from '@/lib/catalog/fitment';
import { formatPrice } from '@/lib/core/money';
import { TEXT } from '@/lib/core/texts';
import type { KitsAnswer, ProposedKit, ProposedLine, ProposedPart } from '@/lib/kits/types';
import { vehicleCookie } from '@/lib/vehicles/cookie';

type Loaded = { status: 'loading' } | { status: 'ready'; answer: KitsAnswer } | { status: 'failed' };

type Answers = Record<string, string[]>;

/** The jobs proposed for the vehicle, asked for once the page is in the browser (the page around it stays cached), and again
 * with the answers that rule proposed parts out, so that the server proposes each such line's next part. */
function useKits(vehicle: VehicleChoice, ruledOut: Answers): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const { year, make, model, engine } = vehicle;
  const answers = Object.keys(ruledOut).length ? JSON.stringify(ruledOut) : null;
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ year: String(year), make, model, ...(engine ? { engine } : {}), ...(answers ? { answers } : {}) });
    void fetchJson<KitsAnswer>(`/api/kits?${query}`, { cache: 'no-store' }).then((res) => {
      if (live) setLoaded(res.ok ? { status: 'ready', answer: res.data } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [year, make, model, engine, answers]);
  return loaded;
}

const MISSING = { 'no-fitting-part': 'No part in the shop fits', 'out-of-stock': 'Out of stock for now' } as const;
const KIT_FIT_TEXT = { answerFirst: 'Answer the fit questions above to add the job' } as const;

/** A line's part with its fit questions as the buyer's answers decide them (none when its rows agree). */
type AnsweredPart = { part: ProposedPart; decision: FitDecision };

type LineProps = {
  line: ProposedLine;
  vehicle: VehicleChoice;
  answered: AnsweredPart | null;
  error: string | null;
  onAnswers: (part: ProposedPart, answers: string[]) => void;
};

function KitLineRow({ line, vehicle, answered, error, onAnswers }: LineProps) {
  const asks = Boolean(answered?.decision.questions.length);
  return (
    <li className="py-2 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {line.label} <span className="text-slate-500">× {line.quantity}</span>
          </p>
          {line.part ? (
            <Link href={`/parts/${line.part._id}`} className="block truncate text-brand-700 hover:underline">
              {[line.part.brand, line.part.name].filter(Boolean).join(' ')}
            </Link>
          ) : (
            <p className="text-slate-500">{line.missing ? MISSING[line.missing] : ''}</p>
          )}
          {line.part?.fit === 'check' && !asks && <p className="text-xs text-amber-700">Check the fitment notes</p>}
        </div>
        <span className="shrink-0 tabular-nums text-slate-900">{line.part ? formatPrice(line.lineTotal) : '—'}</span>
      </div>
      {answered && asks && (
        <div className="mt-2">
          <FitQuestionList
            fitment={answered.part.fitment}
            vehicle={vehicle}
            decision={answered.decision}
            onAnswers={(answers) => onAnswers(answered.part, answers)}
            size="card"
          />
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** The server's refusal of a line (`lines.{index}.…`), shown on that line. */
function lineErrorsOf(fieldErrors: Record<string, string[]> | undefined): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    const index = /^lines\.(\d+)\./.exec(field)?.[1];
    if (index !== undefined && messages[0]) errors[Number(index)] ??= messages[0];
  }
  return errors;
}

type KitCardProps = {
  kit: ProposedKit;
  vehicle: VehicleChoice;
  isAdmin: boolean;
  answers: Answers;
  onAnswers: (part: ProposedPart, answers: string[]) => void;
};

/** Each line's part with its fit decided by the buyer's answers, the lines to add, and whether a question keeps them back. */
function answeredKit(kit: ProposedKit, vehicle: VehicleChoice, answers: Answers) {
  const parts = kit.lines.map((line): AnsweredPart | null =>
    line.part ? { part: line.part, decision: decideFit(line.part.fitment, vehicle, answers[line.part._id]) } : null,
  );
  // A question still open, or answers that ruled the part out while its line's next part is on its way.
  const unanswered = parts.some((entry) => entry?.decision.verdict === 'open' || entry?.decision.verdict === 'no');
  const lines = parts.flatMap((entry, index) => {
    if (!entry) return [];
    const asked = entry.decision.questions.length ? { fit: { vehicle, answers: entry.decision.answers } } : {};
    return [{ partId: entry.part._id, quantity: kit.lines[index]!.quantity, ...asked }];
  });
  return { parts, lines, unanswered };
}

function KitTotal({ kit }: { kit: ProposedKit }) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 text-sm">
      <p className="flex justify-between font-semibold text-slate-900">
        <span>Total</span>
        <span className="tabular-nums" data-testid="kit-total">
          {formatPrice(kit.total)}
        </span>
      </p>
      <p className="text-xs text-slate-500">
        {kit.shipping === null
          ? `Parts ${formatPrice(kit.goods)}, ${kit.note ?? ''}`
          : `Parts ${formatPrice(kit.goods)}, delivery ${formatPrice(kit.shipping)}, tax ${formatPrice(kit.tax ?? 0)}`}
      </p>
    </div>
  );
}

function KitCard({ kit, vehicle, isAdmin, answers, onAnswers }: KitCardProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const { parts, lines, unanswered } = answeredKit(kit, vehicle, answers);
  async function addAll() {
    setBusy(true);
    const res = await addLinesToCart(lines, vehicle);
    setBusy(false);
    setErrors(res.ok ? {} : lineErrorsOf(res.data.fieldErrors));
    if (res.ok) toast.success(`Added to your cart: ${kit.name}`);
    else toast.error(res.data.error ?? 'The job could not be added, please try again');
  }
  return (
    // A group, not an article: the catalog's articles are its part cards.
    <div
      role="group"
      aria-labelledby={`kit-${kit._id}`}
      className="flex w-72 shrink-0 snap-start flex-col rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:w-auto sm:p-5"
    >
      <h3 id={`kit-${kit._id}`} className="text-base font-semibold text-slate-900">
        {kit.name}
      </h3>
      <ul className="mt-2 flex-1 divide-y divide-slate-100">
        {kit.lines.map((line, index) => (
          <KitLineRow
            key={`${line.label}-${index}`}
            line={line}
            vehicle={vehicle}
            answered={parts[index]!}
            error={errors[index] ?? null}
            onAnswers={onAnswers}
          />
        ))}
      </ul>
      <KitTotal kit={kit} />
      {unanswered && !isAdmin && <p className="mt-3 text-xs text-amber-800">{KIT_FIT_TEXT.answerFirst}</p>}
      <Button
        className="mt-3 w-full"
        loading={busy}
        disabled={isAdmin || lines.length === 0 || unanswered}
        onClick={() => void addAll()}
        aria-label={isAdmin ? undefined : `Add all to cart: ${kit.name}`}
      >
        {isAdmin ? TEXT.adminCantPurchase : 'Add all to cart'}
      </Button>
    </div>
  );
}

/** "Jobs for your 2015 Toyota Corolla": each job with its proposed parts, its total and one button for all of it. */
export function JobKits({ vehicle }: { vehicle: VehicleChoice }) {
  // Another vehicle starts the answers afresh.
  return <VehicleKits key={vehicleCookie(vehicle)} vehicle={vehicle} />;
}

function VehicleKits({ vehicle }: { vehicle: VehicleChoice }) {
  // The answers to each proposed part's questions, and those that ruled a part out (kept, so it stays out).
  const [answers, setAnswers] = useState<Answers>({});
  const [ruledOut, setRuledOut] = useState<Answers>({});
  const loaded = useKits(vehicle, ruledOut);
  const viewer = useViewer();
  const isAdmin = viewer.status === 'signed-in' && viewer.viewer.isAdmin;
  function answer(part: ProposedPart, given: string[]) {
    setAnswers((all) => ({ ...all, [part._id]: given }));
    if (decideFit(part.fitment, vehicle, given).verdict === 'no') setRuledOut((all) => ({ ...all, [part._id]: given }));
  }
  if (loaded.status !== 'ready' || loaded.answer.kits.length === 0) return null;
  return (
    <section aria-labelledby="job-kits-heading" className="space-y-3">
      <h2 id="job-kits-heading" className="text-lg font-semibold text-slate-900">
        Jobs for your {vehicleLabel(vehicle)}
      </h2>
      {/* On phones one row that scrolls sideways, so the parts below stay near the top. */}
      <div className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 xl:grid-cols-3">
        {loaded.answer.kits.map((kit) => (
          <KitCard key={kit._id} kit={kit} vehicle={vehicle} isAdmin={isAdmin} answers={answers} onAnswers={answer} />
        ))}
      </div>
    </section>
  );
}
