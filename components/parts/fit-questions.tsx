'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { FitBadge } from '@/components/parts/fit-badge';
import { setPartFit } from '@/components/parts/part-fit';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { decideFit, lineFitOf, type FitDecision, type FitQuestion, type FitQuestionRow } from '@/lib/catalog/fit-questions';
import type { FitWarning, VehicleChoice } from '@/lib/catalog/fitment';
import { vehicleCookie } from '@/lib/vehicles/cookie';

type FitQuestionsProps = {
  partId: string;
  fitment: readonly FitQuestionRow[];
  /** The vehicle asked about; otherwise the browser's active vehicle. */
  vehicle?: VehicleChoice | null;
  /** The part's reported vehicles: "Check the fit notes" instead of "Fits" for them. */
  warnings?: readonly FitWarning[];
};

/** The part page's fit for the active vehicle: the badge, after the questions that decide it when the rows differ. */
export function FitQuestions({ partId, fitment, vehicle: given = null, warnings = [] }: FitQuestionsProps) {
  const active = useActiveVehicle();
  const vehicle = given ?? active;
  if (!vehicle) return null;
  // Another vehicle starts the questions afresh.
  return <Questions key={vehicleCookie(vehicle)} partId={partId} fitment={fitment} vehicle={vehicle} warnings={warnings} />;
}

function Questions({ partId, fitment, vehicle, warnings }: Required<FitQuestionsProps> & { vehicle: VehicleChoice }) {
  const [answers, setAnswers] = useState<string[]>([]);
  const decision = useMemo(() => decideFit(fitment, vehicle, answers), [fitment, vehicle, answers]);
  const decided = decision.verdict === 'fits' || decision.verdict === 'check';
  useEffect(() => {
    setPartFit(partId, decided ? { vehicle, answers: decision.answers } : null);
    // Another vehicle, or none, and the answers no longer go with the part.
    return () => setPartFit(partId, null);
  }, [partId, vehicle, decided, decision.answers]);
  return <FitQuestionList fitment={fitment} vehicle={vehicle} decision={decision} onAnswers={setAnswers} warnings={warnings} />;
}

type FitQuestionListProps = {
  fitment: readonly FitQuestionRow[];
  vehicle: VehicleChoice;
  /** decideFit over the rows and the answers the caller keeps. */
  decision: FitDecision;
  onAnswers: (answers: string[]) => void;
  size?: 'card' | 'page';
  warnings?: readonly FitWarning[];
};

/** The badge, after the questions that decide it when the rows differ: the part page's and a job kit line's. */
export function FitQuestionList({ fitment, vehicle, decision, onAnswers, size = 'page', warnings }: FitQuestionListProps) {
  if (!decision.questions.length) return <FitBadge fitment={fitment} vehicle={vehicle} size={size} warnings={warnings} />;
  const decided = decision.verdict === 'fits' || decision.verdict === 'check';
  return (
    <div data-testid="fit-questions" className="space-y-4">
      {decision.verdict !== 'open' && (
        <FitBadge fitment={fitment} vehicle={vehicle} size={size} status={decision.verdict} warnings={warnings} />
      )}
      {decision.questions.map((question, index) => (
        <QuestionField
          key={`${index}:${question.kind}`}
          question={question}
          value={decision.answers[index] ?? null}
          onAnswer={(answer) => onAnswers([...decision.answers.slice(0, index), answer])}
        />
      ))}
      {decided && (
        <p className="text-sm text-slate-700" data-testid="fit-confirmation">
          Your answers: {lineFitOf(decision, vehicle).text}
        </p>
      )}
    </div>
  );
}

function QuestionField({ question, value, onAnswer }: { question: FitQuestion; value: string | null; onAnswer: (answer: string) => void }) {
  const name = useId();
  return (
    <fieldset className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-900">{question.text}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {question.options.map((option) => (
          <label key={option} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onAnswer(option)} />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
