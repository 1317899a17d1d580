import type { Metadata } from 'next';
import { blogPosts } from '@/content/site';

export const metadata: Metadata = {
  title: 'Blogs',
  description: 'Answers to common questions about React performance, state, prototypal inheritance and unit tests.',
  openGraph: { title: 'Blogs', description: 'Answers to common questions about React and JavaScript.' },
};

export default function BlogsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Blogs</h1>
      <p className="mt-2 text-slate-500">Questions we are often asked about building web shops like this one.</p>
      <div className="mt-10 space-y-6">
        {blogPosts.map((post, index) => (
          <article
            key={post.question}
            aria-labelledby={`blog-${index}`}
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id={`blog-${index}`} className="text-xl font-semibold text-slate-900">
              {post.question}
            </h2>
            <div className="mt-4 space-y-3 leading-relaxed text-slate-700">
              {post.answer.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
