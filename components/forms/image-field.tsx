'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { ImageUpload } from '@/components/forms/image-upload';

type ImageFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
};

/** A form's image: uploaded through POST /api/uploads, its URL kept in the form field `name`. */
export function ImageField<T extends FieldValues>({ control, name, error, onUploadingChange }: ImageFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImageUpload
          id={name}
          label="Image"
          value={field.value}
          onChange={field.onChange}
          error={error}
          onUploadingChange={onUploadingChange}
        />
      )}
    />
  );
}
