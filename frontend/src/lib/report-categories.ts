/**
 * What can be wrong with a reported post, in the order the report dialog offers it and with the
 * words moderators read first. The ids are the API's `category` values.
 */
export const REPORT_CATEGORIES = [
  { id: 'face_or_person', label: 'Face or person' },
  { id: 'nudity', label: 'Nudity' },
  { id: 'not_feet', label: 'Not feet' },
  { id: 'not_own_photo', label: 'Not their own photo' },
  { id: 'minor', label: 'A minor' },
  { id: 'spam', label: 'Spam' },
  { id: 'harassment', label: 'Harassment' },
  { id: 'other', label: 'Other' },
] as const;

export type ReportCategory = (typeof REPORT_CATEGORIES)[number]['id'];

/** The label of a category; a report made before categories (or an unknown one) is Other. */
export function reportCategoryLabel(category: string | null | undefined): string {
  return REPORT_CATEGORIES.find((c) => c.id === category)?.label ?? 'Other';
}
