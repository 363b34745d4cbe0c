import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

export const EXPORT_FILE_NAME = 'solescore-export.json';

/**
 * GET /api/user/export: everything the app holds about the signed-in account, as a JSON file.
 * Answers the file's contents; saving it is the caller's (the browser's) business.
 */
export async function fetchAccountExport(): Promise<Blob> {
  const res = await apiRequest('GET', '/api/user/export');
  return res.blob();
}

/** Hands a file to the browser's download, under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the data by now.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportAccount() {
  return useMutation({
    mutationFn: fetchAccountExport,
    onSuccess: (blob) => saveFile(blob, EXPORT_FILE_NAME),
  });
}
