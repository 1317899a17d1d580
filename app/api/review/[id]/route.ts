import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { otherMethods, route } from '@/lib/platform/http';
import { deleteReview } from '@/lib/reviews';

/** DELETE /api/review/{id}: removes a review (admins). */
export const DELETE = route<{ id: string }>(async (req, { id }) => NextResponse.json(await deleteReview(await requireAdmin(req), id)));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
