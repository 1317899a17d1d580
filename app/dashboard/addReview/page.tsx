import { ReviewForm } from '@/components/reviews/review-form';
import { requireViewer } from '@/lib/auth';

export const metadata = { title: 'Add a Review' };

export default async function AddReviewPage() {
  const viewer = await requireViewer('/dashboard/addReview');
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Add a Review</h2>
      {viewer.isAdmin ? <p className="text-slate-600">Reviews are written by customers.</p> : <ReviewForm name={viewer.name} />}
    </div>
  );
}
