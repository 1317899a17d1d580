const PERKS = [
  {
    title: 'Free delivery worldwide',
    detail: 'On orders from $75',
    icon: 'M3 7h11v8H3zM14 10h4l3 3v2h-7zM6.5 18a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM17.5 18a1.5 1.5 0 100-3 1.5 1.5 0 000 3z',
  },
  { title: '365 days for free returns', detail: 'A full year to change your mind', icon: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4' },
  { title: 'Credit cards available', detail: 'Secure card payment', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  {
    title: 'Free gifts and discounts',
    detail: 'For regular customers',
    icon: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  },
] as const;

export function Perks() {
  return (
    <section aria-label="Why shop with us" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {PERKS.map((perk) => (
          <li key={perk.title} className="perk">
            <span>
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                <path d={perk.icon} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </span>
            <div>
              <p>{perk.title}</p>
              <p>{perk.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
