'use client';

import { useEffect, useState } from 'react';
import type { FitmentRowLike } from '@/lib/catalog/fitment';
import { fetchJson } from '@/lib/client/fetch-json';

/** Fitment rows per part, fetched once per page (the cart's lines do not carry them). */
const known = new Map<string, Promise<FitmentRowLike[] | null>>();

function fitmentOf(partId: string): Promise<FitmentRowLike[] | null> {
  let pending = known.get(partId);
  if (!pending) {
    pending = fetchJson<{ fitment?: FitmentRowLike[] }>(`/api/parts/${encodeURIComponent(partId)}`).then((res) =>
      res.ok ? (res.data.fitment ?? []) : null,
    );
    known.set(partId, pending);
  }
  return pending;
}

/** The fitment of each part, by id, once known; nothing is fetched while `enabled` is false (no vehicle). */
export function useFitments(partIds: string[], enabled: boolean): Record<string, FitmentRowLike[]> {
  const [fitments, setFitments] = useState<Record<string, FitmentRowLike[]>>({});
  const key = partIds.join(',');
  useEffect(() => {
    if (!enabled || !key) return;
    let active = true;
    void Promise.all(key.split(',').map(async (id) => [id, await fitmentOf(id)] as const)).then((entries) => {
      if (!active) return;
      const next: Record<string, FitmentRowLike[]> = {};
      for (const [id, rows] of entries) if (rows) next[id] = rows;
      setFitments(next);
    });
    return () => {
      active = false;
    };
  }, [key, enabled]);
  return fitments;
}
