import { DeleteButton } from '@/components/admin/delete-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { ReviewCard } from '@/components/reviews/review-card';
import { CardGrid } from '@/components/ui/card-grid';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth';
import { listReviews } from '@/lib/reviews';

export const metadata = { title: 'Manage Reviews' };

export default async function ManageReviewsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  if (!(await getAdminViewer('/dashboard/manageReviews'))) return <AdminDenied />;
  const page = await listReviews({ limit: 60, page: pageParam((await searchParams).page) });
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Manage Reviews</h2>
      <CardGrid empty="No reviews yet.">
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
      </CardGrid>
      <Pager page={page.page} total={page.total} limit={page.limit} href={(n) => `/dashboard/manageReviews?page=${n}`} />
    </div>
  );
}
