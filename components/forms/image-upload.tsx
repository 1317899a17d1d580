'use client';

import { useState } from 'react';
import { Spinner } from '@/components/ui/button';
import { ShopImage } from '@/components/ui/shop-image';
import { fetchJson } from '@/lib/client/fetch-json';

type ImageUploadProps = {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (url: string) => void;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
};

/** Uploads one image through POST /api/uploads and keeps its URL in the form. */
export function ImageUpload({ id, label, value, onChange, error, onUploadingChange }: ImageUploadProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    onUploadingChange?.(true);
    setUploadError(null);
    const body = new FormData();
    body.set('image', file);
    const res = await fetchJson<{ data?: { url: string } }>('/api/uploads', { method: 'POST', body });
    setUploading(false);
    onUploadingChange?.(false);
    if (res.ok && res.data.data?.url) onChange(res.data.data.url);
    else setUploadError(res.data.error ?? 'The image could not be uploaded');
  }

  const message = uploadError ?? error;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-4">
        <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
          {value ? (
            <ShopImage src={value} alt="Uploaded image preview" fill sizes="80px" className="object-cover" />
          ) : (
            <span className="flex h-full items-center justify-center text-xs text-slate-600">No image</span>
          )}
          {uploading && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/70">
              <Spinner className="h-6 w-6 text-brand-500" />
            </span>
          )}
        </div>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={uploading}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => void upload(event.target.files?.[0])}
          className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
        />
      </div>
      {uploading && <p className="text-sm text-slate-500">Uploading…</p>}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
