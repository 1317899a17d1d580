const STATS = [
  { value: '53+', label: 'Countries' },
  { value: '650+', label: 'Projects' },
  { value: '235+', label: 'Clients' },
  { value: '185+', label: 'Feedbacks' },
] as const;

export function Stats() {
  return (
    <section aria-labelledby="stats-heading" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="stats-heading" className="text-center text-3xl font-bold text-slate-900">
          Millions of drivers trust our parts
        </h2>
        <p className="mt-2 text-center text-slate-500">Workshops and drivers across the world order from us every day.</p>
        <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-slate-50 p-6 text-center ring-1 ring-slate-200">
              <dt className="text-sm font-medium uppercase tracking-wider text-slate-500">{stat.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
