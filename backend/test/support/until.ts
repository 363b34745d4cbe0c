/** Resolves once `condition` holds, checked every few milliseconds (fails the test at its timeout). */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}
