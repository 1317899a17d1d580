'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ImageField } from '@/components/forms/image-field';
import { ReadOnlyField } from '@/components/forms/read-only-field';
import { Button } from '@/components/ui/button';
import { alertError, alertSuccess } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import type { ProfileDTO } from '@/lib/accounts/types';
import { profileInputSchema, profileUpdateSchema, type ProfileInput, type ProfileUpdate } from '@/lib/validations/profile';

type ProfileFormProps = { user: { name: string; email: string } } & (
  { mode: 'add'; profile?: undefined } | { mode: 'update'; profile: ProfileDTO }
);

const TEXT_FIELDS = [
  { name: 'education', label: 'Education', autoComplete: 'off' },
  { name: 'district', label: 'District', autoComplete: 'address-level2' },
  { name: 'city', label: 'City', autoComplete: 'address-level1' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel' },
  { name: 'linkedin', label: 'LinkedIn link (optional)', autoComplete: 'url' },
  { name: 'github', label: 'GitHub link (optional)', autoComplete: 'url' },
] as const;

const PROFILE_FIELDS = ['image', ...TEXT_FIELDS.map((field) => field.name)] as const;

/** Add Profile and Update Profile: name and email are read-only, from the signed-in account. */
export function ProfileForm({ user, mode, profile }: ProfileFormProps) {
  const router = useRouter();
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, control, formState, setError } = useForm<ProfileInput | ProfileUpdate>({
    resolver: zodResolver(mode === 'add' ? profileInputSchema : profileUpdateSchema),
    defaultValues: profile
      ? { ...profile, linkedin: profile.linkedin ?? '', github: profile.github ?? '' }
      : { education: '', district: '', city: '', phone: '', linkedin: '', github: '' },
  });
  const { errors, isSubmitting } = formState;

  async function onSubmit(values: ProfileInput | ProfileUpdate) {
    if (mode === 'add') {
      const res = await submitJson<{ insertedId?: string }, ProfileInput>(
        '/api/myProfile',
        { method: 'POST', json: values },
        { setError, fields: PROFILE_FIELDS },
      );
      if (!res.data.insertedId) {
        await alertError('Something was Wrong! Please try again', res.fieldErrorsShown ? undefined : res.data.error);
        return;
      }
      await alertSuccess('Your Profile was added');
    } else {
      const res = await submitJson<{ success?: boolean }, ProfileUpdate>(
        `/api/myProfile/${profile._id}`,
        { method: 'PATCH', json: { profileInfo: values } },
        { setError, fields: PROFILE_FIELDS, prefix: 'profileInfo' },
      );
      if (res.status === 401) {
        await alertError('No user is logged in');
        return;
      }
      if (!res.data.success) {
        if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'Something was Wrong! Please try again');
        return;
      }
      await alertSuccess(res.data.message ?? 'Your profile was updated');
    }
    router.push('/dashboard/myProfile');
    router.refresh();
  }

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Profile"
      className="grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <ReadOnlyField id="name" label="Name" value={user.name} />
      <ReadOnlyField id="email" label="Email" value={user.email} />
      {TEXT_FIELDS.map((field) => {
        const error = errors[field.name]?.message;
        return (
          <Field key={field.name} id={field.name} label={field.label} error={error}>
            <input
              id={field.name}
              autoComplete={field.autoComplete}
              className={inputClass}
              {...describedBy(field.name, error)}
              {...register(field.name)}
            />
          </Field>
        );
      })}
      <div className="sm:col-span-2">
        <ImageField control={control} name="image" error={errors.image?.message} onUploadingChange={setUploading} />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting} disabled={uploading}>
          {mode === 'add' ? 'Add Profile' : 'Update Profile'}
        </Button>
      </div>
    </form>
  );
}
