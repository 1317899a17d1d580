// The skeleton only wraps the home page: elsewhere streaming would turn a not-found part into a 200.
export default function Loading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <div className="h-10 w-1/3 animate-pulse rounded-lg bg-slate-200" />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-96 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </div>
    </div>
  );
}
