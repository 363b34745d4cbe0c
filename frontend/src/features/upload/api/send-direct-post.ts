import { ApiError } from '@/lib/api-client';

import type { PublishedPost } from '../types';

export interface DirectPost {
  file: File;
  /** Called with the share of the photo sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  /** Cancels the upload (the promise rejects with an AbortError). */
  signal?: AbortSignal;
}

/**
 * POST /api/posts/publish-direct, multipart field `image`: posts without an AI rating.
 * XMLHttpRequest, not fetch, for its upload progress: `upload.onprogress` counts the bytes
 * actually sent on any connection, while a fetch can only report progress by streaming its
 * body, which Chromium allows over HTTP/2 only and which counts bytes handed to the network
 * stack rather than sent. Errors are the client's usual `ApiError`.
 */
export function sendDirectPost({ file, onProgress, signal }: DirectPost): Promise<PublishedPost> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return aborted();
    request.open('POST', '/api/posts/publish-direct');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as PublishedPost);
      } else {
        reject(new ApiError(request.status, request.responseText, request.statusText));
      }
    };
    request.onerror = () => reject(new TypeError('The photo could not be sent'));
    request.onabort = aborted;
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const formData = new FormData();
    formData.append('image', file);
    request.send(formData);
  });
}
