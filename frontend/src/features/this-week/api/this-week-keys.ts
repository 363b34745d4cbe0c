/** The query key of the home page's week, named after the API path it reads. */
export const homeSummaryQueryKey = ['/api/home/summary'] as const;
