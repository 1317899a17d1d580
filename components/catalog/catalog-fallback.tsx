/** What a catalog page shows while its results stream in: the heading and a quiet placeholder. */
export function CatalogFallback({ title }: { title?: string }) {
  return (
    <>
      {title && <h1 className="text-3xl font-bold text-slate-900">{title}</h1>}
      <div role="status" className="mt-8 rounded-2xl bg-slate-50 p-10 text-center text-slate-600">
        Loading parts…
      </div>
    </>
  );
}
