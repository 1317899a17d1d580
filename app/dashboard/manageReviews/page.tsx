import { DeleteButton } from '@/components/admin/delete-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { ReviewCard } from '@/components/reviews/review-card';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth/viewer';
import { listReviews } from '@/lib/reviews';

export const metadata = { title: 'Manage Reviews' };

export default async function ManageReviewsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  if (!(await getAdminViewer('/dashboard/manageReviews'))) return <AdminDenied />;
  const page = await listReviews({ limit: 60, page: pageParam((await searchParams).page) });
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Manage Reviews</h2>
      {page.items.length === 0 && (
        <p className="rounded-xl bg-white p-8 text-center text-slate-500 ring-1 ring-slate-200">No reviews yet.</p>
      )}
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {page.items.map((review) => (
          <ReviewCard
            key={review._id}
            review={review}
            actions={
              <DeleteButton
                url={`/api/review/${review._id}`}
                label="Remove"
                itemName={`the review by ${review.name}`}
                doneText="Review has been Deleted."
              />
            }
          />
        ))}
      </div>
      <Pager basePath="/dashboard/manageReviews" page={page.page} total={page.total} limit={page.limit} />
    </div>
  );
}
