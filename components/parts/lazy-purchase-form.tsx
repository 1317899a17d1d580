'use client';

import dynamic from 'next/dynamic';

/**
 * The purchase form as its own chunk (with react-hook-form and zod), fetched only where it renders
 * (signed-in users). A server component cannot make this split; a client boundary can.
 */
export const LazyPurchaseForm = dynamic(() => import('@/components/parts/purchase-form').then((module) => module.PurchaseForm));
