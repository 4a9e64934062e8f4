/** Pictures sent to the shop's media store, for any screen that takes one. */
import { useMutation } from '@tanstack/react-query';
import type { MediaUpload, UploadPurpose } from '@attar/contract';
import { api, queryString } from './client';

/** One picture, sent as the file itself; the API answers the stored renditions' `src`. */
export const useUpload = () =>
  useMutation({
    mutationFn: ({ file, purpose }: { file: File; purpose: UploadPurpose }) =>
      api<MediaUpload>('POST', `/api/staff/media/${queryString({ purpose })}`, file),
  });
