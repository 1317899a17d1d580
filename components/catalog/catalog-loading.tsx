/** Shown while the search index loads (a first start reads every part): the page answers at once and renders again when ready. */
export function CatalogLoading() {
  return (
    <div role="status" className="rounded-xl bg-amber-50 p-6 text-amber-900 ring-1 ring-amber-200">
      <p className="font-semibold">The catalog is loading</p>
      <p className="mt-1 text-sm">Our parts list is being prepared. Please refresh the page in a few seconds.</p>
    </div>
  );
}
