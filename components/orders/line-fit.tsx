/** A line as the order views hold it: its part's name and, when confirmed, its fit. */
type FitLine = { partName: string; fit?: { text: string } | null };

/** The fit a line was confirmed for with the part's questions ("Fit: confirmed for 2015 Toyota Corolla LE"); nothing without one. */
export function LineFit({ line, named = false }: { line: FitLine; named?: boolean }) {
  if (!line.fit) return null;
  return (
    <span className="block text-xs font-normal break-words text-slate-600" data-testid="order-line-fit">
      Fit{named ? ` (${line.partName})` : ''}: {line.fit.text}
    </span>
  );
}

/** Every line's fit, each named by its part when the order has several. */
export function OrderFits({ order }: { order: { lines: FitLine[] } }) {
  const named = order.lines.length > 1;
  return order.lines.map((line, index) => <LineFit key={index} line={line} named={named} />);
}
