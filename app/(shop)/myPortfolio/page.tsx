import type { Metadata } from 'next';
import { ShopImage } from '@/components/ui/shop-image';
import { portfolio } from '@/content/site';

export const metadata: Metadata = {
  title: 'My Portfolio',
  description: `${portfolio.name}, ${portfolio.role}: about, contact and projects.`,
  openGraph: { title: 'My Portfolio', description: `${portfolio.name}, ${portfolio.role}.` },
};

export default function PortfolioPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{portfolio.role}</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900 sm:text-4xl">{portfolio.name}</h1>
      </header>
      <section aria-labelledby="about-heading" className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 id="about-heading" className="text-xl font-semibold text-slate-900">
            About
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {portfolio.about.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <p className="mt-4 text-slate-700">
            Contact:{' '}
            <a className="font-medium text-brand-700 underline" href={`mailto:${portfolio.contact.email}`}>
              {portfolio.contact.email}
            </a>{' '}
            · {portfolio.contact.location}
          </p>
        </div>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Skills</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {portfolio.skills.map((skill) => (
              <li key={skill} className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
                {skill}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="projects-heading" className="mt-12">
        <h2 id="projects-heading" className="text-xl font-semibold text-slate-900">
          Projects
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {portfolio.projects.map((project) => (
            <article key={project.name} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <div className="relative aspect-[8/5] bg-slate-100">
                <ShopImage
                  src={project.image}
                  alt={`Screenshot of ${project.name}`}
                  fill
                  sizes="(min-width: 768px) 33vw, 100vw"
                  className="object-cover"
                />
              </div>
              <div className="p-5">
                <h3 className="font-semibold text-slate-900">{project.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{project.description}</p>
                <a
                  href={project.url}
                  className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  Visit {project.name}
                </a>
              </div>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
